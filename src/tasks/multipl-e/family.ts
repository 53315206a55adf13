import { type Family, familyOf } from '../family.js';
import type { Task } from '../types.js';
import { COMMON_DIFFERENCES, multiplEReference } from './reference.js';
import { multiplELanguages } from './task.js';

/**
 * MultiPL-E (tests only): every language whose folder names a MultiPL-E suffix; bigcode's
 * `multiple-<suffix>` names are in the bigcode family.
 */
const loaders = familyOf(
  'multipl-e',
  Object.fromEntries(
    multiplELanguages().map(({ suffix }) => [
      `multipl-e-${suffix}`,
      async (): Promise<Task> => (await import('./task.js')).multiplE(suffix),
    ]),
  ),
);

/** The MultiPL-E suffix of a task of this family or bigcode's alias (`multipl-e-js`, `multiple-js`). */
function suffixOf(task: Task): string {
  return task.name.replace(/^multipl-?e-/, '');
}

/** MultiPL-E's rows, under passk's names and bigcode's (`multiple-*`, kit/bigcode-family.ts). */
export function multiplEDifferences(task: Task): readonly string[] {
  return [
    "data: DeepSeek-Coder's copy of MultiPL-E's HumanEval translations; bigcode loads nuprl/MultiPL-E at its own pinned revision (not compared here)",
    'execution: passk\'s own runtimes and toolchains (docs/tasks.md "Other languages"), not MultiPL-E\'s evaluators',
    "pass@k: bigcode's multiple-* reports pass@k when its first problem has k samples, counts a problem with fewer as 1.0, and averages every *.results.json in the system temp folder (earlier runs' included); passk reports pass@k only where every problem has k samples, over this run's problems",
    ...COMMON_DIFFERENCES,
    ...multiplEReference(suffixOf(task)).differences,
  ];
}
export const family: Family = { ...loaders, differences: multiplEDifferences };
