import { ConfigError } from '../core/errors.js';
import type { LoadedDataset } from '../datasets/types.js';
import type { Problem, Task } from '../tasks/types.js';
import { type CandidateSource, loadCandidates } from './candidates.js';

/** Where the selected problems sit in the benchmark (for a bigcode file matched by position). */
export interface InputSelection {
  problems: Problem[];
  start: number;
  total: number;
  dataset: LoadedDataset;
}

/**
 * The problems of a task built from another task's samples (Task.input): `input` (a run
 * directory, a generations file, or 'reference') is read as samples of `task.input.from` for the
 * selected problems, and the task builds its problems from them. Tasks without `input` are
 * returned as selected; `input` given to one of them is an error, as is a missing one.
 */
export async function applyTaskInput(
  task: Task,
  selection: InputSelection,
  input: string | undefined,
): Promise<Problem[]> {
  const spec = task.input;
  if (spec === undefined) {
    if (input === undefined) return selection.problems;
    throw new ConfigError(`${task.name} takes no --descriptions`, {
      hint: 'only tasks built from another run (humanevalexplainsynthesize-*) read one',
    });
  }
  if (input === undefined) {
    throw new ConfigError(`${task.name} needs --descriptions: the ${spec.what} it is built from`, {
      hint: `give the run directory of a \`passk run --task ${spec.from.name}\`, its bigcode generations.json, or 'reference' (the dataset's own)`,
    });
  }
  const ids = new Set(selection.problems.map((p) => p.id));
  const fromProblems = spec.from
    .problems(selection.dataset.rows, selection.dataset.file)
    .filter((p) => ids.has(p.id));
  const source: CandidateSource =
    input === 'reference'
      ? { kind: 'reference' }
      : {
          kind: 'file',
          path: input,
          positions: { start: selection.start, total: selection.total, window: fromProblems },
        };
  const { records } = await loadCandidates(spec.from, fromProblems, source);
  const texts = new Map<string, string[]>();
  for (const record of [...records].sort((a, b) => a.sample - b.sample)) {
    const list = texts.get(record.problemId) ?? [];
    list.push(record.program);
    texts.set(record.problemId, list);
  }
  return spec.apply(selection.problems, texts);
}
