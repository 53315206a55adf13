import { availableParallelism } from 'node:os';
import { ConfigError, ModelRequestError } from '../core/errors.js';
import { StreamingStopDetector } from '../postprocess/stop.js';
import { ContextLengthError } from './errors.js';
import type { Completion, GenerateRequest, ModelBackend } from './types.js';

/**
 * In-process GGUF inference through node-llama-cpp (an optional package: pinned to 3.21.1,
 * newer releases break `npm ci` here). Only the members passk uses are typed, structurally, so
 * passk type-checks and runs without the package installed.
 */
interface LlamaModule {
  getLlama(options: { gpu?: 'auto' | false; build?: 'never'; logLevel?: string }): Promise<Llama>;
  resolveModelFile(uri: string, options?: { directory?: string }): Promise<string>;
  LlamaCompletion: new (options: { contextSequence: Sequence }) => Completer;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<Model>;
  dispose(): Promise<void>;
}
interface Model {
  createContext(options: {
    threads: number;
    contextSize: { max: number };
    sequences: 1;
  }): Promise<Context>;
  tokenize(text: string): readonly unknown[];
  dispose(): Promise<void>;
}
interface Context {
  getSequence(): Sequence;
  readonly contextSize: number;
  dispose(): Promise<void>;
}
interface Sequence {
  clearHistory(): Promise<void>;
}
interface Completer {
  generateCompletionWithMeta(
    prompt: string,
    options: Record<string, unknown>,
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
}

export interface LlamaCppOptions {
  /** A local .gguf path, or an `hf:` reference resolved (and downloaded) by node-llama-cpp. */
  model: string;
  /** CPU threads. Default: the machine's core count (pass 1 for tiny models on a busy box). */
  threads?: number;
  /** Largest context to allocate, capped by the model. Default 4096. */
  contextSize?: number;
  /** 'auto' uses a GPU when node-llama-cpp finds one; false forces the CPU. Default 'auto'. */
  gpu?: 'auto' | false;
  /** Where `hf:` models are stored; node-llama-cpp's default when omitted. */
  modelsDir?: string;
  /** Injected for tests; defaults to importing node-llama-cpp. */
  importEngine?: () => Promise<unknown>;
}

const INSTALL_HINT = 'npm install -E node-llama-cpp@3.21.1';
/** A variable, so TypeScript does not try to resolve the optional package at compile time. */
const ENGINE_PACKAGE = 'node-llama-cpp';

async function loadEngine(importEngine: () => Promise<unknown>): Promise<LlamaModule> {
  try {
    return (await importEngine()) as LlamaModule;
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ConfigError('the llama-cpp backend needs the optional package node-llama-cpp', {
        hint: INSTALL_HINT,
        cause,
      });
    }
    throw cause;
  }
}

/**
 * A backend running a GGUF model in this process. One context sequence, so requests are served
 * one at a time; each sample starts from a cleared history, so its text depends only on the
 * prompt, the sampling parameters and its seed. With n > 1, choice i uses seed + i.
 * A prompt that leaves no room for max_new_tokens is refused (ContextLengthError), as vLLM
 * does, instead of being silently shifted out of the context.
 */
export async function createLlamaCppBackend(options: LlamaCppOptions): Promise<ModelBackend> {
  const engine = await loadEngine(options.importEngine ?? (() => import(ENGINE_PACKAGE)));
  const threads = options.threads ?? availableParallelism();
  const modelPath = options.model.startsWith('hf:')
    ? await engine.resolveModelFile(
        options.model,
        options.modelsDir ? { directory: options.modelsDir } : {},
      )
    : options.model;
  const llama = await engine.getLlama({
    gpu: options.gpu ?? 'auto',
    build: 'never',
    logLevel: 'error',
  });
  const model = await llama.loadModel({ modelPath }).catch((cause: unknown) => {
    throw new ConfigError(`could not load the GGUF model '${modelPath}': ${String(cause)}`, {
      cause,
    });
  });
  const context = await model.createContext({
    threads,
    contextSize: { max: options.contextSize ?? 4096 },
    sequences: 1,
  });
  const sequence = context.getSequence();
  const completer = new engine.LlamaCompletion({ contextSequence: sequence });
  let queue: Promise<unknown> = Promise.resolve();

  async function one(
    prompt: string,
    request: GenerateRequest,
    seed: number | undefined,
    signal?: AbortSignal,
  ) {
    const tokensIn = model.tokenize(prompt).length;
    if (tokensIn + request.sampling.maxNewTokens > context.contextSize) {
      throw new ContextLengthError(
        `prompt of ${tokensIn} tokens + ${request.sampling.maxNewTokens} new tokens exceeds the context of ${context.contextSize}`,
      );
    }
    await sequence.clearHistory();
    let tokensOut = 0;
    // Our own detector rather than node-llama-cpp's customStopTriggers, which missed stops
    // ending in a space (SentencePiece attaches spaces to the next token): same rule as the
    // OpenAI backend, searched in generated text only.
    const detector = new StreamingStopDetector(request.sampling.stop);
    const stopped = new AbortController();
    const { response, metadata } = await completer.generateCompletionWithMeta(prompt, {
      maxTokens: request.sampling.maxNewTokens,
      temperature: request.sampling.temperature,
      topP: request.sampling.topP,
      topK: 0, // like OpenAI-protocol servers: no top-k unless asked
      repeatPenalty: false,
      ...(seed === undefined ? {} : { seed }),
      signal: signal ? AbortSignal.any([signal, stopped.signal]) : stopped.signal,
      stopOnAbortSignal: true,
      onTextChunk: (chunk: string) => {
        if (detector.push(chunk) !== undefined) stopped.abort();
      },
      disableContextShift: true,
      onToken: (tokens: readonly unknown[]) => {
        tokensOut += tokens.length;
      },
    });
    if (signal?.aborted) throw signal.reason;
    const early = stopped.signal.aborted;
    const completion: Completion = {
      text: early ? detector.received : response,
      finishReason: !early && metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
      tokensIn,
      tokensOut,
      ...(early ? { tokensSaved: Math.max(0, request.sampling.maxNewTokens - tokensOut) } : {}),
    };
    if (early) {
      const stop = request.sampling.stop.find((s) => s !== '' && detector.received.includes(s));
      if (stop !== undefined) completion.stoppedEarlyBy = stop;
    }
    return completion;
  }

  async function serve(request: GenerateRequest, signal?: AbortSignal): Promise<Completion[]> {
    if (request.prompt.kind !== 'completion') {
      throw new ConfigError(
        'the llama-cpp backend sends completion prompts only (no chat template yet)',
      );
    }
    const completions: Completion[] = [];
    for (let choice = 0; choice < request.n; choice++) {
      if (signal?.aborted) throw signal.reason;
      const seed = request.sampling.seed === undefined ? undefined : request.sampling.seed + choice;
      try {
        completions.push(await one(request.prompt.text, request, seed, signal));
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof ModelRequestError || error instanceof ConfigError) throw error;
        throw new ModelRequestError(`llama-cpp failed: ${String(error)}`, { cause: error });
      }
    }
    return completions;
  }

  return {
    id: `llama-cpp:${options.model}`,
    promptKind: 'completion',
    concurrency: 1,
    maxSamplesPerRequest: 1,
    describe: () => ({
      backend: 'llama-cpp',
      model: options.model,
      settings: {
        modelPath,
        threads,
        contextSize: context.contextSize,
        gpu: options.gpu ?? 'auto',
      },
    }),
    generate(request, signal) {
      // one sequence: serve requests strictly one after another
      const result = queue.then(() => serve(request, signal));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}
