import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/**
 * HumanEval infilling: NAME (StarCoder FIM tokens) and NAME:FORMAT for the other model families
 * (--fim-format FORMAT selects it); NAME:custom only when PASSK_FIM_TEMPLATE is set.
 */
const SETS = ['single-line', 'multi-line', 'random-span', 'random-span-light'] as const;
const loaders: Record<string, () => Promise<Task>> = {};
for (const set of SETS) {
  const formats = ['starcoder', 'santacoder', 'codellama', 'deepseek', 'qwen'];
  if (process.env['PASSK_FIM_TEMPLATE']) formats.push('custom');
  for (const format of formats) {
    const name = `humaneval-infilling-${set}${format === 'starcoder' ? '' : `:${format}`}`;
    loaders[name] = async () => (await import('./task.js')).humanEvalInfilling(set, format);
  }
}
export const family = familyOf('infilling', loaders);
