import { familyOf } from '../family.js';
import { withFimParam } from '../kit/fim-params.js';
import type { Task } from '../types.js';
import { DS1000_FIM_FORMATS, DS1000_SELECTIONS, ds1000Name } from './names.js';

/**
 * DS-1000 (2024 format): all problems or one library, completion or insertion prompts; the
 * insertion ones also in the other FIM layouts (NAME:FORMAT, as for HumanEval infilling).
 */
const loaders: Record<string, () => Promise<Task>> = {};
for (const library of DS1000_SELECTIONS) {
  for (const mode of ['completion', 'insertion'] as const) {
    const formats = mode === 'completion' ? ['starcoder'] : [...DS1000_FIM_FORMATS];
    if (mode === 'insertion' && process.env['PASSK_FIM_TEMPLATE']) formats.push('custom');
    for (const format of formats) {
      loaders[ds1000Name(library, mode, format)] = async () =>
        (await import('./task.js')).ds1000(library, mode, format);
    }
  }
}
export const family = withFimParam(familyOf('ds1000', loaders), [...DS1000_FIM_FORMATS, 'custom']);
