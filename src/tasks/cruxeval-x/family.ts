import { type Family, familyOf } from '../family.js';
import { COMMON_DIFFERENCES } from '../multipl-e/reference.js';
import type { Task } from '../types.js';
import { type CruxevalXFile, evaluatorOf, RUNNABLE } from './languages.js';

/** CRUXEval-X: CRUXEval's input and output prediction in the languages passk runs. */
const loaders: Record<string, () => Promise<Task>> = {};
for (const lang of Object.keys(RUNNABLE) as CruxevalXFile[]) {
  for (const mode of ['input', 'output'] as const) {
    loaders[`cruxeval-x-${RUNNABLE[lang].language}-${mode}`] = async () =>
      (await import('./task.js')).cruxevalX(lang, mode);
  }
}

/** The upstream file name of a CRUXEval-X task (`cruxeval-x-javascript-input` → `js`). */
function fileOf(task: Task): CruxevalXFile | undefined {
  const files = Object.keys(RUNNABLE) as CruxevalXFile[];
  return files.find((lang) => task.name.startsWith(`cruxeval-x-${RUNNABLE[lang].language}-`));
}

/** CRUXEval-X's documented differences (docs/tasks.md "CRUXEval-X"), in metrics.json. */
function differences(task: Task): readonly string[] {
  const lang = fileOf(task);
  return [
    "execution: passk's own runtimes and toolchains, not MultiPL-E's evaluators in upstream's Docker image; the evaluators' time limits and pass rules are applied",
    ...COMMON_DIFFERENCES,
    ...(lang === undefined ? [] : evaluatorOf(lang).differences),
  ];
}

export const family: Family = { ...familyOf('cruxeval-x', loaders), differences };
