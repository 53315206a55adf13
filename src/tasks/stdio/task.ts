import { basename, resolve } from 'node:path';
import { loadDataset } from '../../datasets/index.js';
import { checkedStdioProgram } from '../../execution/stdio/checked-program.js';
import {
  COMPARISON_TEXT,
  type OutputComparison,
  stdioProgram,
  stdioTimeoutMs,
} from '../../execution/stdio/index.js';
import { extractCode } from '../../postprocess/extract.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';
import { checkerTests } from './checker.js';
import { casesOf, type StdioData, type StdioProblem, stdioProblems } from './format.js';

/** Per-test CPU limit when neither the row nor --timeout gives one. */
export const DEFAULT_TEST_LIMIT_MS = 2000;

const LANGUAGE_NAMES: Record<string, string> = {
  python: 'Python 3',
  cpp: 'C++17',
  javascript: 'JavaScript (Node.js)',
};
const FENCES: Record<string, string> = { python: 'python', cpp: 'cpp', javascript: 'javascript' };

/** The chat message: the statement, the I/O contract, and the reply format. */
export function stdioInstruction(problem: Problem): string {
  const fence = FENCES[problem.language] ?? problem.language;
  return [
    `Solve the following programming problem in ${LANGUAGE_NAMES[problem.language] ?? problem.language}.`,
    'Your program reads the input from standard input and writes the answer to standard output.',
    '',
    problem.prompt.trim(),
    '',
    `Reply with the complete program in a single \`\`\`${fence} code block.`,
  ].join('\n');
}

/** The limit per test: the row's, else the run's --timeout (context), else the default. */
function limitOf(problem: StdioProblem, runLimitMs?: number): number {
  return problem.meta.timeLimitMs ?? runLimitMs ?? DEFAULT_TEST_LIMIT_MS;
}

/**
 * A stdin/stdout benchmark from a JSONL file (format.ts): each candidate runs once per test
 * inside one sandboxed process (execution/stdio), its outputs judged outside the sandbox.
 * `--timeout` is the per-test limit for rows without their own `time_limit`.
 */
export function stdioTask(
  name: string,
  file: string,
  language = 'python',
  comparison: OutputComparison = 'tokens',
): Task {
  const task: Task<StdioData> = {
    name,
    description: `stdin/stdout problems from ${basename(file)} (${language})`,
    // The program run is always the (Python) stdio driver; the candidate's language is the problem's.
    language: 'python',
    dataset: {
      hub: { repo: 'local', revision: 'none', path: file },
      localFile: file,
    },
    defaultTimeoutMs: DEFAULT_TEST_LIMIT_MS,
    stopSequences: ['\n```'],
    problems: stdioProblems,
    // A completion model writes the program after the statement; chat (--chat) is the usual way.
    fromCompletion: completionIsAnswer,
    postprocess: (_problem, generation) => cutAtStop(generation, ['\n```']),
    instructionPrompt: stdioInstruction,
    chatPostprocess: (problem, reply) => extractCode(reply, problem.language),
    async prepare(problems, context) {
      const prepared: StdioProblem[] = [];
      for (const problem of problems) {
        const limitMs = limitOf(problem, context.timeoutMs);
        const timeoutMs = stdioTimeoutMs(problem.language, casesOf(problem).length, limitMs);
        const { checker } = problem.meta;
        const built =
          checker === undefined
            ? {}
            : { checkerTests: await checkerTests(problem.id, checker, casesOf(problem)) };
        prepared.push({ ...problem, timeoutMs, meta: { ...problem.meta, limitMs, ...built } });
      }
      return prepared;
    },
    program: (problem, candidate) => {
      const limitMs = problem.meta.limitMs ?? limitOf(problem);
      const built = problem.meta.checkerTests;
      const comparing = problem.meta.comparison ?? comparison;
      const cases = casesOf(problem);
      if (built === undefined) {
        return stdioProgram({
          language: problem.language,
          source: candidate,
          cases,
          limitMs,
          comparison: comparing,
        });
      }
      return checkedStdioProgram({
        language: problem.language,
        source: candidate,
        tests: built,
        cases,
        limitMs,
        comparison: comparing,
      });
    },
    metricsInfo: {
      judge: {
        kind: 'stdio',
        comparison: `${comparison}: ${COMPARISON_TEXT[comparison]}; a row's checker program where it has one`,
        limit: 'per test, CPU time (a wall-clock kill at 3x + 1 s backs it)',
      },
    },
  };
  return task;
}

/**
 * The task for a stdio file named by --task FILE.jsonl or --dataset-path: read once here to
 * learn its language and report a bad row before any model is called.
 */
export async function loadStdioTask(path: string, name = path): Promise<Task> {
  const file = resolve(path);
  const loaded = await loadDataset(
    { hub: { repo: 'local', revision: 'none', path: file }, localFile: file },
    { datasetPath: file },
  );
  const problems = stdioProblems(loaded.rows, loaded.file);
  const first = problems[0];
  return stdioTask(name, file, first?.language ?? 'python', first?.meta.comparison ?? 'tokens');
}
