import type { TaskFeedback, TurnVerdict } from '../types.js';
import { fileList } from './prompt.js';

/** Aider sends the first 50 lines of the test output back. */
const OUTPUT_LINES = 50;
/** What the sandbox keeps of a program's stderr (fork_run.py STDERR_TAIL, 4 KiB), roughly. */
const TAIL_BYTES = 4000;

/**
 * The test output as the model should see it: the sandbox's scratch paths cut to the exercise's
 * own, timing lines dropped (they would make two identical failures differ), 50 lines at most.
 */
export function cleanOutput(verdict: TurnVerdict): string {
  let text = verdict.output ?? verdict.message ?? verdict.status;
  // the sandbox keeps the last 4 KiB: a cut first line is noise
  if (Buffer.byteLength(text) >= TAIL_BYTES) text = text.slice(text.indexOf('\n') + 1);
  return (
    text
      .replace(/\/scratch\/[^/\s]+\/(?:exercise\/)?/g, '')
      .replace(/^Ran (\d+) tests? in [\d.]+s$/gm, 'Ran $1 tests')
      .replace(/\(\d+\.\d+s\)/g, '')
      // Jest: per-test and per-file times, the run's time
      .replace(/ \(\d+(?:\.\d+)? m?s\)$/gm, '')
      .replace(/^Time: .*\n/gm, '')
      .split('\n')
      .slice(0, OUTPUT_LINES)
      .join('\n')
      .trimEnd()
  );
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
