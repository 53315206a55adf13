import { z } from 'zod';
import { readHarnessFile } from '../../core/harness-files.js';
import { validateRows } from '../../datasets/validate.js';
import { HUMANEVAL_STOP_SEQUENCES } from '../humaneval/task.js';
import { PYTHON_TESTS_MARKER, promptPlusCut } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';
import { deepseekReplyProgram } from './reply.js';

const rowSchema = z.object({
  task_id: z.string().min(1),
  url: z.string(),
  title: z.string(),
  meta: z.object({ difficulty: z.string() }).loose(),
  prompt: z.string(),
  prompt_sft: z.string(),
  test: z.string().min(1),
  /** The contest's start, unix seconds: the problem's publication date. */
  start_time: z.number().int().positive(),
});

/**
 * The imports (imports.py) DeepSeek-Coder's harness puts before every program
 * (Evaluation/LeetCode/human_eval/evaluation.py, IMPORT_HELPER["python"]); solutions rely on them
 * (`List`, `Counter`, `heapq`…). numpy is guarded: an environment without it must not fail every
 * sample.
 */
export const LEETCODE_IMPORTS = readHarnessFile(import.meta.url, 'imports.py');

/** A unix time as its UTC calendar date, e.g. 1705804200 → '2024-01-21'. */
export function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/** The `Solution` method the tests call, as the entry point. */
function methodOf(prompt: string): { entryPoint?: string } {
  const name = /def (\w+)\(self/.exec(prompt)?.[1];
  return name === undefined ? {} : { entryPoint: name };
}

/** A contest problem's data: difficulty, title and page, and the chat prompt (`prompt_sft`). */
export type LeetcodeData = { difficulty: string; title: string; url: string; promptSft: string };

function leetcodeProblems(
  rows: readonly Record<string, unknown>[],
  file: string,
): Problem<LeetcodeData>[] {
  return validateRows({ rows, file }, rowSchema).map(
    (row): Problem<LeetcodeData> => ({
      id: row.task_id,
      language: 'python',
      prompt: row.prompt,
      datasetPrompt: row.prompt,
      tests: row.test,
      ...methodOf(row.prompt),
      date: isoDate(row.start_time),
      meta: {
        difficulty: row.meta.difficulty,
        title: row.title,
        url: row.url,
        promptSft: row.prompt_sft,
      },
    }),
  );
}

/**
 * LeetCode contest problems (DeepSeek-Coder's Evaluation/LeetCode, 180 problems, July 2023 –
 * January 2024), each dated by its contest. Chat models get `prompt_sft` as the user message and
 * their reply is read as DeepSeek's evaluate_leetcode.py reads it; completion models continue the
 * `Solution` stub (`prompt`), cut at HumanEval's stop sequences. The program is DeepSeek's:
 * its imports, the candidate, then the row's asserts. The data has no reference solutions.
 */
export const leetcodeContest: Task<LeetcodeData> = {
  name: 'leetcode-contest',
  description:
    'LeetCode contest problems, Jul 2023 – Jan 2024, dated (DeepSeek-Coder; --chat for its instruct protocol)',
  language: 'python',
  dataset: {
    hub: {
      repo: 'deepseek-ai/DeepSeek-Coder',
      revision: '2f9fd85927c669dae3c0fbb2d607274023af243e',
      path: 'Evaluation/LeetCode/data/20240121-Jul.jsonl',
    },
    localFile: 'leetcode-contest/20240121-Jul.jsonl.gz',
  },
  // DeepSeek's harness: evaluate_functional_correctness(timeout=10.0).
  defaultTimeoutMs: 10_000,
  stopSequences: HUMANEVAL_STOP_SEQUENCES,
  problems: leetcodeProblems,
  postprocess: (problem, generation) =>
    promptPlusCut(problem, generation, HUMANEVAL_STOP_SEQUENCES),
  instructionPrompt: (problem) => problem.meta.promptSft,
  chatPostprocess: (problem, reply) => deepseekReplyProgram(problem.meta.promptSft, reply),
  program: (problem, candidate) => ({
    language: 'python',
    source: `${LEETCODE_IMPORTS}${candidate}${PYTHON_TESTS_MARKER}${problem.tests}`,
  }),
};
