import { RetryableRequestError } from '../errors.js';
import type { Completion, GenerateRequest } from '../types.js';

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
 * Completions of a non-streaming response, ordered by choice index. With n > 1 the server
 * reports only total completion tokens; each choice gets a share proportional to its length.
 */
export function completionsFromBody(body: WireBody, url: string): Completion[] {
  const error = wireError(body);
  if (error !== undefined) {
    throw new RetryableRequestError(`${url} answered with an error: ${error}`, {
      reason: 'error-event',
    });
  }
  if (!Array.isArray(body.choices) || body.choices.length === 0) {
    throw new RetryableRequestError(`${url} answered without choices`, { reason: 'no-choices' });
  }
  const choices = [...body.choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  // A choice without a finish reason was cut off inside the server: a failed attempt.
  const failed = choices.find((choice) => isFailedFinish(choice.finish_reason));
  if (failed) {
    throw new RetryableRequestError(
      `${url} ended a choice with finish_reason '${failed.finish_reason}'`,
      {
        reason: 'error-event',
      },
    );
  }
  if (choices.some((choice) => !choice.finish_reason)) {
    throw new RetryableRequestError(`${url} answered a choice without a finish_reason`, {
      reason: 'no-finish-reason',
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
 * Finish reasons that report a failed generation, not a finished one: vLLM's `abort`, and
 * `error` as some servers send it. Such a choice is a failed attempt like an error event.
 */
export function isFailedFinish(reason: string | null | undefined): boolean {
  return reason === 'abort' || reason === 'error';
}
