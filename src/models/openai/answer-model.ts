import { ModelRequestError } from '../../core/errors.js';
import { RetryableRequestError } from '../errors.js';

/**
 * Stray answers (naming neither the model asked for nor the one listed) in a row, before any
 * answer from the run's model, that make the run stop: a server that names another model this
 * often is not misrouting one request, it serves another model (or renames it) everywhere.
 */
export const STRAY_ANSWERS_TO_STOP = 8;

/** The models a run expects its answers from: the one asked for and the one the server lists. */
export interface ExpectedModels {
  /** `--model-name`, when given. */
  asked: string | undefined;
  /** The model the replicas list at GET /models (undefined for servers without /models). */
  listed: string | undefined;
  /** The other names the listing gives the same weights (vLLM's `--served-model-name a b`). */
  aliases: readonly string[];
}

/**
 * Checks the model each answer names, so that one run never mixes two models and never adopts
 * a stray one. The model asked for (or listed) wins: an answer naming it, a dated snapshot of
 * it, or another name the server lists for the same weights (a vLLM alias) pins the run's
 * model; an answer naming any other model is a failed attempt (retried, never kept), before
 * the pin and after it. When the first `stopAfter` answers all name another
 * model, the server answers as that model everywhere: one non-retryable error stops the run at
 * start, instead of every sample being retried until it fails.
 */
export class AnswerModelCheck {
  /** The model the run's answers come from, once one answer named an expected model. */
  pinned: string | undefined;
  private strays = 0;

  constructor(private readonly stopAfter: number) {}

  /** Throws for an answer the run must not keep; returns for one it keeps. */
  check(endpoint: string, reported: string | undefined, expected: ExpectedModels): void {
    if (reported === undefined) return;
    if (this.pinned !== undefined) {
      if (reported === this.pinned) return;
      throw wrongModel(endpoint, reported, `this run's answers come from '${this.pinned}'`);
    }
    const names = [expected.asked, expected.listed].filter((m) => m !== undefined);
    const same = [...names, ...expected.aliases].some((m) => sameModel(reported, m));
    if (names.length === 0 || same) {
      this.pinned = reported;
      return;
    }
    this.strays++;
    const [first, listed] = [...new Set(names)];
    const description = `'${first}' was asked for${listed ? ` (the server lists '${listed}')` : ''}`;
    if (this.strays >= this.stopAfter)
      throw everywhere(endpoint, reported, description, this.strays);
    throw wrongModel(endpoint, reported, description);
  }
}

function wrongModel(endpoint: string, reported: string, expected: string) {
  return new RetryableRequestError(`${endpoint} answered as model '${reported}', but ${expected}`, {
    reason: 'wrong-model',
  });
}

function everywhere(endpoint: string, reported: string, expected: string, count: number) {
  return new ModelRequestError(
    `${endpoint} answers as model '${reported}', but ${expected}: ${count} answers in a row named another model, none the one asked for`,
    {
      retryable: false,
      hint: `check --base-url and --model-name; if '${reported}' is the model you mean (a gateway naming its upstream), pass --model-name '${reported}'`,
    },
  );
}

/**
 * Whether a reported model name is `asked`: the same, or a dated snapshot of it (OpenAI answers
 * `gpt-4o-mini` with `gpt-4o-mini-2024-07-18`, `gpt-4` with `gpt-4-0613`).
 */
function sameModel(reported: string, asked: string): boolean {
  if (reported === asked) return true;
  return (
    reported.startsWith(`${asked}-`) &&
    /^\d{4}(-\d{2}-\d{2})?$/.test(reported.slice(asked.length + 1))
  );
}
