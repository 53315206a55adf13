import { defineTask, type Problem, type Task } from '../../src/tasks/types.js';

/**
 * A tiny Python task with a library environment for end-to-end tests: each dataset row gives a
 * reference (`code`), its test lines (`test`) and optionally `needs` (kept in meta, for a
 * Task.requires given in `extra`); the program is the candidate followed by the tests.
 */
export function libraryTask(
  name: string,
  modules: string[],
  packages: string[] = [],
  extra: Partial<Task> = {},
): Task {
  return defineTask({
    name,
    description: 'test task whose programs import library modules',
    language: 'python',
    dataset: { hub: { repo: 'none/none', revision: '0'.repeat(40), path: 'none.jsonl' } },
    defaultTimeoutMs: 60_000,
    stopSequences: [],
    environment: { python: { modules, debianPackages: packages } },
    problems: (rows) =>
      rows.map(
        (row): Problem => ({
          id: String(row['id']),
          language: 'python',
          prompt: '',
          datasetPrompt: '',
          tests: String(row['test']),
          reference: String(row['code']),
          meta: row['needs'] === undefined ? {} : { needs: row['needs'] },
        }),
      ),
    postprocess: (_, text) => text,
    program: (problem, candidate) => ({
      language: 'python',
      source: `${candidate}\n${problem.tests}`,
    }),
    ...extra,
  });
}
