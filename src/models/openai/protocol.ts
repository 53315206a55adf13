import { ModelRequestError } from '../../core/errors.js';
import { ContextLengthError, isContextLengthMessage, RetryableRequestError } from '../errors.js';
import type { Completion, GenerateRequest } from '../types.js';
import { htmlAnswerError, isHtml } from './http.js';

export type OpenAIApi = 'completions' | 'chat';

/** Request-shaping options that do not vary per request. */
export interface BodyOptions {
  api: OpenAIApi;
  model: string;
  stream: boolean;
  /** Ask for usage in the stream's last chunk (stream_options); off for servers that reject it. */
  streamUsage: boolean;
  /** Send at most this many stop sequences (OpenAI accepts 4); the client checks the rest. */
  serverStopLimit: number;
  /** Extra fields merged into every body (top_k, repetition_penalty, …); ours win on clashes. */
  extraBody: Record<string, unknown>;
}

/** The JSON body of one /completions or /chat/completions request. */
export function requestBody(
  request: GenerateRequest,
  options: BodyOptions,
): Record<string, unknown> {
  const { sampling, prompt } = request;
  if (options.api === 'chat' && prompt.kind !== 'chat') {
    throw new TypeError('the chat API needs a chat prompt');
  }
  const stop = sampling.stop.slice(0, options.serverStopLimit);
  return {
    ...options.extraBody,
    model: options.model,
    ...(prompt.kind === 'chat' ? { messages: prompt.messages } : { prompt: prompt.text }),
    n: request.n,
    temperature: sampling.temperature,
    top_p: sampling.topP,
    max_tokens: sampling.maxNewTokens,
    ...(sampling.seed === undefined ? {} : { seed: sampling.seed }),
    ...(stop.length > 0 ? { stop } : {}),
    ...(options.stream ? { stream: true } : {}),
    ...(options.stream && options.streamUsage ? { stream_options: { include_usage: true } } : {}),
  };
}

interface WireChoice {
  index?: number;
  text?: string | null;
  message?: { content?: string | null; reasoning_content?: string | null };
  delta?: { content?: string | null; reasoning_content?: string | null };
  finish_reason?: string | null;
}

export interface WireBody {
  model?: string;
  choices?: WireChoice[];
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    completion_tokens_details?: { reasoning_tokens?: number } | null;
  } | null;
  /** vLLM and SGLang send `{"error": …}` (in a 200 body or as an SSE event) when generation fails. */
  error?: unknown;
  /** vLLM's non-streaming error shape: `{"object": "error", "message": …}`. */
  object?: string;
  message?: unknown;
}

/**
 * The server's error message when `body` is an error report instead of an answer (vLLM and
 * SGLang end a failed stream with `data: {"error": …}` then `[DONE]`), else undefined. Such a
 * body is a failed attempt: its partial text must never be scored.
 */
export function wireError(body: WireBody): string | undefined {
  const error = body.error;
  if (error !== undefined && error !== null) {
    const inner = typeof error === 'object' ? (error as { message?: unknown }).message : error;
    return typeof inner === 'string' ? inner : JSON.stringify(error);
  }
  if (body.object === 'error') return typeof body.message === 'string' ? body.message : 'error';
  return undefined;
}

/** Parses a body or SSE chunk; a server sending broken JSON is treated as transient. */
export function parseWire(text: string, url: string): WireBody {
  if (isHtml(text)) throw htmlAnswerError(url, text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new RetryableRequestError(`${url} sent malformed JSON: ${text.slice(0, 120)}`, {
      cause,
      reason: 'malformed',
    });
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new RetryableRequestError(`${url} sent a body that is not a JSON object`, {
      reason: 'malformed',
    });
  }
  return parsed as WireBody;
}

/** The text of a choice, in any of the three shapes (completion, chat, chat delta). */
export function choiceText(choice: WireChoice): string {
  return choice.text ?? choice.message?.content ?? choice.delta?.content ?? '';
}

/**
 * The error a body reporting a failure (`{"error": …}` or vLLM's `{"object": "error"}` with
 * HTTP 200, or such an SSE event) stands for: a prompt that does not fit is a ContextLengthError
 * (asking again cannot help), anything else a failed attempt whose text is never kept.
 */
export function bodyError(message: string, url: string, where: string): ModelRequestError {
  const text = `${url} ${where}: ${message}`;
  return isContextLengthMessage(message)
    ? new ContextLengthError(text)
    : new RetryableRequestError(text, { reason: 'error-event' });
}

/**
 * The choices of a plain answer in index order, each checked: indices must be distinct and in
 * [0, n) (a server that numbers them wrongly cannot be trusted to have kept them apart); a
 * server that sends none is read in order.
 */
function orderedChoices(choices: WireChoice[], n: number, url: string): WireChoice[] {
  if (choices.every((choice) => choice.index === undefined)) return choices;
  const seen = new Set<number>();
  for (const { index } of choices) {
    if (!isChoiceIndex(index, n) || seen.has(index)) {
      throw new RetryableRequestError(
        `${url} answered with choice index ${JSON.stringify(index)} (${seen.has(index as number) ? 'twice' : `asked for n=${n}`})`,
        { reason: 'malformed' },
      );
    }
    seen.add(index);
  }
  return [...choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
}

/** A choice index a request for `n` choices can come back with. */
export function isChoiceIndex(index: unknown, n: number): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < n;
}

/**
 * A plain choice that carries no text at all (`text: null`, `message.content: null`, or none):
 * not an empty sample but an answer that lost its text. A reasoning model that spent every
 * token thinking (`reasoning_content` only) did answer: its empty text is its sample.
 */
function lacksText(choice: WireChoice): boolean {
  if (typeof choice.text === 'string' || typeof choice.message?.content === 'string') return false;
  return typeof choice.message?.reasoning_content !== 'string';
}

/**
 * Completions of a non-streaming response, ordered by choice index. With n > 1 the server
 * reports only total completion tokens; each choice gets a share proportional to its length.
 */
export function completionsFromBody(
  body: WireBody,
  url: string,
  n: number = Number.POSITIVE_INFINITY,
): Completion[] {
  const error = wireError(body);
  if (error !== undefined) throw bodyError(error, url, 'answered with an error');
  if (!Array.isArray(body.choices) || body.choices.length === 0) {
    throw new RetryableRequestError(`${url} answered without choices`, { reason: 'no-choices' });
  }
  const choices = orderedChoices(body.choices, n, url);
  const finishError = choices
    .map((choice) => errorOfFinish(choice.finish_reason, url))
    .find((e) => e !== undefined);
  if (finishError) throw finishError;
  if (choices.some((choice) => !choice.finish_reason)) {
    throw new RetryableRequestError(`${url} answered a choice without a finish_reason`, {
      reason: 'no-finish-reason',
    });
  }
  if (choices.some(lacksText)) {
    throw new RetryableRequestError(`${url} answered a choice without text (text: null)`, {
      reason: 'no-text',
    });
  }
  const texts = choices.map(choiceText);
  const totalOut = body.usage?.completion_tokens;
  const reasoning = body.usage?.completion_tokens_details?.reasoning_tokens;
  const totalChars = texts.reduce((sum, text) => sum + text.length, 0);
  return choices.map((choice, i) => {
    const text = texts[i] ?? '';
    const share = totalChars === 0 ? 1 / choices.length : text.length / totalChars;
    return {
      text,
      finishReason: choice.finish_reason!,
      ...(body.usage?.prompt_tokens === undefined ? {} : { tokensIn: body.usage.prompt_tokens }),
      ...(totalOut === undefined ? {} : { tokensOut: Math.round(totalOut * share) }),
      ...(body.model === undefined ? {} : { serverModel: body.model }),
      ...(reasoning === undefined || choices.length !== 1 ? {} : { reasoningTokens: reasoning }),
    };
  });
}

/**
 * What a finish reason makes of its choice: undefined for a finished sample (`stop`, `length`,
 * TGI's `eos_token`/`stop_sequence`, …). vLLM's `abort` and `error` report a failed generation:
 * a failed attempt, retried. `content_filter` means the provider withheld or cut the text: what
 * is left is not the model's answer, and asking again with the same seed would only filter
 * the draws (the sample is recorded as failed, not scored, and `--resume` asks again).
 */
export function errorOfFinish(
  reason: string | null | undefined,
  url: string,
): ModelRequestError | undefined {
  if (isFailedFinish(reason)) {
    return new RetryableRequestError(`${url} ended a choice with finish_reason '${reason}'`, {
      reason: 'error-event',
    });
  }
  if (reason === 'content_filter') {
    return new ModelRequestError(
      `${url} ended a choice with finish_reason 'content_filter' (the provider withheld the text)`,
    );
  }
  return undefined;
}

/**
 * Finish reasons that report a failed generation, not a finished one: vLLM's `abort`, and
 * `error` as some servers send it. Such a choice is a failed attempt like an error event.
 */
export function isFailedFinish(reason: string | null | undefined): boolean {
  return reason === 'abort' || reason === 'error';
}
