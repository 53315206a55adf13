import { ConfigError } from '../core/errors.js';
import { createRegistry } from '../core/registry.js';
import type { ModelBackend } from './types.js';

/**
 * Options a user can give any backend (flags / config); each backend reads the ones it knows.
 * `replay` and `reference` are not backends: the pipeline reads those samples itself.
 */
export interface BackendOptions {
  /** openai-compatible: `model` sent to the server. llama-cpp: GGUF path or `hf:` reference. */
  model?: string;
  /** openai-compatible: replicas' base URLs (`--base-url a,b`). */
  baseUrls?: readonly string[];
  /** 'chat' sends messages (`--chat`): /chat/completions, or llama-cpp's chat template. */
  api?: 'completions' | 'chat';
  apiKey?: string;
  batchSize?: number;
  /** 1 disables server-side n (`--no-server-n`). */
  maxSamplesPerRequest?: number;
  stream?: boolean;
  /** Idle timeout (no byte for this long). */
  requestTimeoutMs?: number;
  /** Cap on one whole attempt (default one hour; 0 = none). */
  totalTimeoutMs?: number;
  maxRetries?: number;
  /** First retry's backoff (doubling per retry, with jitter); Retry-After wins when longer. */
  retryDelayMs?: number;
  /** Every replica failing this long stops the run. */
  maxOutageMs?: number;
  headers?: Record<string, string>;
  serverStopLimit?: number;
  extraBody?: Record<string, unknown>;
  onRetry?: (message: string, delayMs: number) => void;
  onNotice?: (message: string) => void;
  /** llama-cpp */
  threads?: number;
  contextSize?: number;
  gpu?: 'auto' | false;
  modelsDir?: string;
}

export type BackendFactory = (options: BackendOptions) => Promise<ModelBackend>;

/** Builtin backends, loaded on first use (llama-cpp pulls in a 700 MB optional package). */
export const backends = createRegistry<BackendFactory>('model backend');

backends.register('openai-compatible', async () => {
  const { createOpenAICompatibleBackend } = await import('./openai/backend.js');
  return async (options) => {
    const { baseUrls, maxRetries, retryDelayMs, maxOutageMs, ...rest } = options;
    if (!baseUrls || baseUrls.length === 0) {
      throw new ConfigError('the openai-compatible backend needs --base-url', {
        hint: 'e.g. --base-url http://127.0.0.1:8000/v1 (several: comma-separated)',
      });
    }
    return createOpenAICompatibleBackend({
      ...pick(rest, ['model', 'api', 'apiKey', 'batchSize', 'maxSamplesPerRequest', 'stream']),
      ...pick(rest, ['requestTimeoutMs', 'totalTimeoutMs', 'serverStopLimit', 'extraBody']),
      ...pick(rest, ['headers', 'onRetry', 'onNotice']),
      retry: {
        ...(maxRetries === undefined ? {} : { maxRetries }),
        ...(retryDelayMs === undefined ? {} : { baseDelayMs: retryDelayMs }),
      },
      ...(maxOutageMs === undefined ? {} : { breaker: { outageLimitMs: maxOutageMs } }),
      baseUrls,
    });
  };
});

backends.register('llama-cpp', async () => {
  const { createLlamaCppBackend } = await import('./llama-cpp.js');
  return async (options) => {
    if (!options.model) {
      throw new ConfigError(
        'the llama-cpp backend needs --model-name PATH.gguf (or hf:user/repo/file.gguf)',
      );
    }
    return createLlamaCppBackend({
      model: options.model,
      ...(options.api === 'chat' ? { chat: true } : {}),
      ...pick(options, ['threads', 'contextSize', 'gpu', 'modelsDir']),
    });
  };
});

/** Creates backend `name` ('openai-compatible', 'llama-cpp'); unknown names suggest the nearest. */
export async function createBackend(name: string, options: BackendOptions): Promise<ModelBackend> {
  const factory = await backends.get(name);
  return factory(options);
}

/** The defined entries of `keys` (exactOptionalPropertyTypes forbids passing undefined on). */
function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

export { ContextLengthError } from './errors.js';
export type * from './types.js';
