import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** CRUXEval: input (-i) and output (-o) prediction, direct and chain-of-thought prompts. */
const loaders: Record<string, () => Promise<Task>> = {};
for (const mode of ['input', 'output'] as const) {
  for (const cot of [false, true]) {
    loaders[`cruxeval-${mode === 'input' ? 'i' : 'o'}${cot ? '-cot' : ''}`] = async () =>
      (await import('./task.js')).cruxEval(mode, cot);
  }
}
export const family = familyOf('cruxeval', loaders);
