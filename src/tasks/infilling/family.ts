import { familyOf } from '../family.js';
import { withFimParam } from '../kit/fim-params.js';
import type { Task } from '../types.js';

/**
 * HumanEval infilling: NAME (StarCoder FIM tokens) and NAME:FORMAT for the other model families
 * (--fim-format FORMAT selects it); NAME:custom only when PASSK_FIM_TEMPLATE is set.
 */
const FORMATS = ['starcoder', 'santacoder', 'codellama', 'deepseek', 'qwen'];
const SETS = ['single-line', 'multi-line', 'random-span', 'random-span-light'] as const;
const loaders: Record<string, () => Promise<Task>> = {};
for (const set of SETS) {
  const formats = [...FORMATS];
  if (process.env['PASSK_FIM_TEMPLATE']) formats.push('custom');
  for (const format of formats) {
    const name = `humaneval-infilling-${set}${format === 'starcoder' ? '' : `:${format}`}`;
    loaders[name] = async () => (await import('./task.js')).humanEvalInfilling(set, format);
  }
}
export const family = withFimParam(familyOf('infilling', loaders), [...FORMATS, 'custom']);
