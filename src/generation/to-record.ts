import type { ModelRequestError } from '../core/errors.js';
import { ContextLengthError } from '../models/errors.js';
import type { Completion, ModelPrompt } from '../models/types.js';
import type { Problem } from '../tasks/types.js';
import { reasoningTokens, stripReasoning } from './reasoning.js';
import { programFromAnswer } from './reply-program.js';
import type { GenerationTask, SampleRecord } from './types.js';

/**
 * The full candidate program of one completion. Completion prompts go through the task's own
 * post-processing (cut at the earliest stop again: the stream may have run past it, or the
 * server ignored `stop`), chat replies through code extraction. `raw` keeps the text as
 * received, beside the program.
 */
export function recordFromCompletion(
  task: GenerationTask,
  problem: Problem,
  sample: number,
  seed: number,
  completion: Completion,
  promptKind: ModelPrompt['kind'],
  durationMs: number,
  previousProgram?: string,
): SampleRecord {
  const chat = promptKind === 'chat';
  // Reasoning comes out before code extraction: code drafted while thinking is not the answer.
  const { answer, reasoningChars } = stripReasoning(completion.text, chat);
  const reasoning = reasoningTokens(
    completion.reasoningTokens,
    completion.tokensOut,
    reasoningChars,
    completion.text.length,
  );
  const program = chat
    ? programFromAnswer(task, problem, answer, previousProgram)
    : task.postprocess(problem, answer);
  return {
    problemId: problem.id,
    sample,
    program,
    raw: completion.text,
    finishReason: completion.finishReason,
    seed,
    ...optional('tokensIn', completion.tokensIn),
    ...optional('tokensOut', completion.tokensOut),
    ...optional('stoppedEarlyBy', completion.stoppedEarlyBy),
    ...optional('tokensSaved', completion.tokensSaved),
    ...optional('reasoningTokens', reasoning),
    ...optional('model', completion.serverModel),
    durationMs: Math.round(durationMs),
  };
}

/** A sample that failed for good: kept, with its cause, so it is reported and never dropped. */
export function failedRecord(
  problemId: string,
  sample: number,
  seed: number,
  error: ModelRequestError,
): SampleRecord {
  return {
    problemId,
    sample,
    program: '',
    seed,
    error: {
      kind: error instanceof ContextLengthError ? 'prompt_too_long' : 'request_failed',
      message: error.message,
      ...optional('status', error.status),
    },
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
