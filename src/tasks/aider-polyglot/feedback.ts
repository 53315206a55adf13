import type { TaskFeedback, TurnVerdict } from '../types.js';
import { fileList } from './prompt.js';

/** Aider sends the first 50 lines of the test output back. */
const OUTPUT_LINES = 50;

/**
 * The test output as the model should see it: the sandbox's scratch paths cut to the exercise's
 * own, timing lines dropped (they would make two identical failures differ), 50 lines at most.
 */
export function cleanOutput(verdict: TurnVerdict): string {
  const text = verdict.output ?? verdict.message ?? verdict.status;
  return text
    .replace(/\/scratch\/[^/\s]+\/(?:exercise\/)?/g, '')
    .replace(/^Ran (\d+) tests? in [\d.]+s$/gm, 'Ran $1 tests')
    .replace(/\(\d+\.\d+s\)/g, '')
    .split('\n')
    .slice(0, OUTPUT_LINES)
    .join('\n')
    .trimEnd();
}

/** Aider's second attempt: the test output, then "fix the code in these files". */
export const aiderFeedback: TaskFeedback = {
  maxTurns: 2,
  next(problem, verdict) {
    if (verdict.status === 'passed') return undefined;
    const files = fileList({ solution: problem.meta['solution'] as Record<string, string> });
    return [
      cleanOutput(verdict),
      '####',
      '',
      'See the testing errors above.',
      "The tests are correct, don't try and change them.",
      `Fix the code in ${files} to resolve the errors.`,
    ].join('\n');
  },
};
