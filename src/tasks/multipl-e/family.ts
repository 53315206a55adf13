import { familyOf } from '../family.js';
import type { Task } from '../types.js';
import { multiplELanguages } from './task.js';

/**
 * MultiPL-E (tests only): every language whose folder names a MultiPL-E suffix; bigcode's
 * `multiple-<suffix>` names are in the bigcode family.
 */
export const family = familyOf(
  'multipl-e',
  Object.fromEntries(
    multiplELanguages().map(({ suffix }) => [
      `multipl-e-${suffix}`,
      async (): Promise<Task> => (await import('./task.js')).multiplE(suffix),
    ]),
  ),
);
