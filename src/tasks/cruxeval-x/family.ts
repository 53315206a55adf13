import { type Family, familyOf } from '../family.js';
import { looseEqualityDifferences } from '../multilang/multipl-e-tests.js';
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
/** CRUXEval-X's documented differences (docs/tasks.md "CRUXEval-X"), in metrics.json. */
function differences(task: Task): readonly string[] {
  return [
    "execution: passk's own runtimes and toolchains, not MultiPL-E's evaluators in upstream's Docker image",
    ...looseEqualityDifferences(task.language),
  ];
}

export const family: Family = { ...familyOf('cruxeval-x', loaders), differences };
