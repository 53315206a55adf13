import { familyOf } from '../family.js';
import type { Task } from '../types.js';
import { type CruxevalXFile, RUNNABLE } from './languages.js';

/** CRUXEval-X: CRUXEval's input and output prediction in the languages passk runs. */
const loaders: Record<string, () => Promise<Task>> = {};
for (const lang of Object.keys(RUNNABLE) as CruxevalXFile[]) {
  for (const mode of ['input', 'output'] as const) {
    loaders[`cruxeval-x-${RUNNABLE[lang].language}-${mode}`] = async () =>
      (await import('./task.js')).cruxevalX(lang, mode);
  }
}
export const family = familyOf('cruxeval-x', loaders);
