import { z } from 'zod';
import type { Family } from '../family.js';

/**
 * The `fim_format` parameter of the infilling families: the same choice as `--fim-format` and
 * the `NAME:FORMAT` suffix (`NAME` alone is StarCoder's layout), mapped onto those names.
 */
export function withFimParam(family: Family, formats: readonly string[]): Family {
  const format = z.enum(formats as [string, ...string[]]);
  return {
    ...family,
    params: z.strictObject({ fim_format: format.optional() }),
    withParams(name, params) {
      const chosen = params['fim_format'];
      if (typeof chosen !== 'string') return name;
      const base = name.replace(/:[^:]*$/, '');
      return chosen === 'starcoder' ? base : `${base}:${chosen}`;
    },
    paramsOf: (name) => ({ fim_format: /:([^:]+)$/.exec(name)?.[1] ?? 'starcoder' }),
  };
}
