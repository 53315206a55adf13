import { type Family, familyOf } from '../family.js';
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
    ...(task.language === 'javascript' || task.language === 'typescript'
      ? [
          "JS/TS: assert.deepEqual/equal are strict in passk (a check that passes only loosely is failed, LooseEqualityOnly); upstream runs MultiPL-E's loose ones",
        ]
      : []),
  ];
}

export const family: Family = { ...familyOf('cruxeval-x', loaders), differences };
