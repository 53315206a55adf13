import type { TaskFeedback, TaskReflections, TurnVerdict } from '../types.js';
import type { EditFormat } from './aider-prompts.js';
import { aiderConversation, testFailuresMessage } from './conversation.js';
import type { AiderData } from './data.js';

/** What the sandbox keeps of a program's stderr (fork_run.py STDERR_TAIL, 4 KiB), roughly. */
const TAIL_BYTES = 4000;

/**
 * The test output as aider's benchmark sends it: all of it (aider cuts nothing since 2024-12;
 * passk has the sandbox's last 4 KiB), timings `in 0.12s` removed and the exercise folder's
 * path cut to its name (benchmark.cleanup_test_output), and its final newline dropped (aider
 * splits and rejoins the lines). passk also drops the timings its own runners print (Jest's),
 * so two identical failures read the same.
 */
export function cleanOutput(verdict: TurnVerdict, exercise: string): string {
  let text = verdict.output ?? verdict.message ?? verdict.status;
  // the sandbox keeps the last 4 KiB: a cut first line is noise
  if (Buffer.byteLength(text) >= TAIL_BYTES) text = text.slice(text.indexOf('\n') + 1);
  return text
    .replace(/\/scratch\/[^/\s]+\/exercise(?=[/\s]|$)/g, exercise)
    .replace(/\/scratch\/[^/\s]+\//g, `${exercise}/`)
    .replace(/\bin \d+\.\d+s\b/g, '')
    .replace(/ \(\d+(?:\.\d+)? m?s\)$/gm, '')
    .replace(/^Time: .*\n/gm, '')
    .split(/\r?\n/)
    .join('\n')
    .replace(/\n$/, '');
}

/** Aider's Coder.max_reflections: asked again at most this often within one try. */
export const AIDER_MAX_REFLECTIONS = 3;

/**
 * Aider's second try: the test output, then "See the testing errors above. … Fix the code in
 * FILES …", in a conversation rebuilt as aider rebuilds it (the files as the replies left them).
 * Within each try, a reply that could not be applied gets aider's error back (`replyError`, its
 * reflected_message) up to AIDER_MAX_REFLECTIONS times before the tests run.
 */
export function aiderFeedback(
  format: EditFormat,
  replyError: TaskReflections<AiderData>['message'],
): TaskFeedback<AiderData> {
  return {
    maxTurns: 2,
    reflections: { max: AIDER_MAX_REFLECTIONS, message: replyError },
    next(problem, verdict) {
      if (verdict.status === 'passed') return undefined;
      return testFailuresMessage(problem, cleanOutput(verdict, problem.meta.exercise));
    },
    conversation: (problem, replies, userMessages) =>
      aiderConversation(format, problem, replies, userMessages),
  };
}
