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
  message?: { content?: string | null };
  delta?: { content?: string | null };
  finish_reason?: string | null;
}

export interface WireBody {
  model?: string;
  choices?: WireChoice[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** Parses a body or SSE chunk; a server sending broken JSON is treated as transient. */
export function parseWire(text: string, url: string): WireBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new RetryableRequestError(`${url} sent malformed JSON: ${text.slice(0, 120)}`, { cause });
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new RetryableRequestError(`${url} sent a body that is not a JSON object`);
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
  if (!Array.isArray(body.choices) || body.choices.length === 0) {
    throw new RetryableRequestError(`${url} answered without choices`);
  }
  const choices = [...body.choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const texts = choices.map(choiceText);
  const totalOut = body.usage?.completion_tokens;
  const totalChars = texts.reduce((sum, text) => sum + text.length, 0);
  return choices.map((choice, i) => {
    const text = texts[i] ?? '';
    const share = totalChars === 0 ? 1 / choices.length : text.length / totalChars;
    return {
      text,
      finishReason: choice.finish_reason ?? 'unknown',
      ...(body.usage?.prompt_tokens === undefined ? {} : { tokensIn: body.usage.prompt_tokens }),
      ...(totalOut === undefined ? {} : { tokensOut: Math.round(totalOut * share) }),
      ...(body.model === undefined ? {} : { serverModel: body.model }),
    };
  });
}
