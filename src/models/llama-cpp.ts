import { availableParallelism } from 'node:os';
import { ConfigError, ModelRequestError } from '../core/errors.js';
import { StreamingStopDetector } from '../postprocess/stop.js';
import { ContextLengthError } from './errors.js';
import { type Completer, type LlamaModule, loadEngine, type Sequence } from './llama-cpp-engine.js';
import type { Completion, GenerateRequest, ModelBackend, ModelPrompt } from './types.js';

export interface LlamaCppOptions {
  /** A local .gguf path, or an `hf:` reference resolved (and downloaded) by node-llama-cpp. */
  model: string;
  /** Send chat prompts through the model's own chat template (`--chat`). Default false. */
  chat?: boolean;
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
  /** Injected for tests; where else the engine is looked for (default: engineDirs()). */
  engineDirs?: string[];
}

/** One sample on the engine: its text and node-llama-cpp's stop reason. */
type EngineCall = (
  options: Record<string, unknown>,
) => Promise<{ text: string; stopReason: string }>;

/** How a prompt is run: raw continuation, or a single-turn chat through the model's template. */
function engineCall(
  engine: LlamaModule,
  sequence: Sequence,
  completer: Completer,
  prompt: ModelPrompt,
) {
  if (prompt.kind === 'completion') {
    const call: EngineCall = async (options) => {
      const { response, metadata } = await completer.generateCompletionWithMeta(
        prompt.text,
        options,
      );
      return { text: response, stopReason: metadata.stopReason };
    };
    return { text: prompt.text, call };
  }
  const system = prompt.messages.filter((m) => m.role === 'system').map((m) => m.content);
  const user = prompt.messages.filter((m) => m.role !== 'system').map((m) => m.content);
  const call: EngineCall = async (options) => {
    const session = new engine.LlamaChatSession({
      contextSequence: sequence,
      // always given: node-llama-cpp's default is a long assistant persona, not "no system prompt"
      systemPrompt: system.join('\n\n'),
      autoDisposeSequence: false,
    });
    try {
      const { responseText, stopReason } = await session.promptWithMeta(user.join('\n\n'), options);
      return { text: responseText, stopReason };
    } finally {
      session.dispose({ disposeSequence: false });
    }
  };
  return { text: [...system, ...user].join('\n'), call };
}

/**
 * One sample: sampling as OpenAI-protocol servers do it (no top-k, no repeat penalty unless
 * asked), stop sequences checked by passk's own detector on the generated text (node-llama-cpp's
 * customStopTriggers missed stops ending in a space: SentencePiece attaches spaces to the next
 * token), the sample aborted as soon as one appears.
 */
async function sample(
  call: EngineCall,
  request: GenerateRequest,
  seed: number | undefined,
  signal: AbortSignal | undefined,
): Promise<Omit<Completion, 'tokensIn'>> {
  const detector = new StreamingStopDetector(request.sampling.stop);
  const stopped = new AbortController();
  let tokensOut = 0;
  const { text, stopReason } = await call({
    maxTokens: request.sampling.maxNewTokens,
    temperature: request.sampling.temperature,
    topP: request.sampling.topP,
    topK: 0,
    repeatPenalty: false,
    ...(seed === undefined ? {} : { seed }),
    signal: signal ? AbortSignal.any([signal, stopped.signal]) : stopped.signal,
    stopOnAbortSignal: true,
    disableContextShift: true,
    onTextChunk: (chunk: string) => {
      if (detector.push(chunk) !== undefined) stopped.abort();
    },
    onToken: (tokens: readonly unknown[]) => {
      tokensOut += tokens.length;
    },
  });
  if (signal?.aborted) throw signal.reason;
  if (!stopped.signal.aborted) {
    return { text, finishReason: stopReason === 'maxTokens' ? 'length' : 'stop', tokensOut };
  }
  const stop = request.sampling.stop.find((s) => s !== '' && detector.received.includes(s));
  return {
    text: detector.received,
    finishReason: 'stop',
    tokensOut,
    tokensSaved: Math.max(0, request.sampling.maxNewTokens - tokensOut),
    ...(stop === undefined ? {} : { stoppedEarlyBy: stop }),
  };
}

/**
 * A backend running a GGUF model in this process. One context sequence, so requests are served
 * one at a time; each sample starts from a cleared history, so its text depends only on the
 * prompt, the sampling parameters and its seed. With n > 1, choice i uses seed + i.
 * A prompt that leaves no room for max_new_tokens is refused (ContextLengthError), as vLLM
 * does, instead of being silently shifted out of the context.
 */
export async function createLlamaCppBackend(options: LlamaCppOptions): Promise<ModelBackend> {
  const engine = await loadEngine(options.importEngine, options.engineDirs);
  const threads = options.threads ?? availableParallelism();
  const modelPath = await resolveModelPath(engine, options);
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

  async function serve(request: GenerateRequest, signal?: AbortSignal): Promise<Completion[]> {
    const { text, call } = engineCall(engine, sequence, completer, request.prompt);
    const tokensIn = model.tokenize(text).length;
    if (tokensIn + request.sampling.maxNewTokens > context.contextSize) {
      throw new ContextLengthError(
        `prompt of ${tokensIn} tokens + ${request.sampling.maxNewTokens} new tokens exceeds the context of ${context.contextSize}`,
      );
    }
    const completions: Completion[] = [];
    for (let choice = 0; choice < request.n; choice++) {
      const seed = request.sampling.seed === undefined ? undefined : request.sampling.seed + choice;
      try {
        await sequence.clearHistory();
        completions.push({ ...(await sample(call, request, seed, signal)), tokensIn });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new ModelRequestError(`llama-cpp failed: ${String(error)}`, { cause: error });
      }
    }
    return completions;
  }

  return {
    id: `llama-cpp:${options.model}`,
    promptKind: options.chat ? 'chat' : 'completion',
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

async function resolveModelPath(engine: LlamaModule, options: LlamaCppOptions): Promise<string> {
  if (!options.model.startsWith('hf:')) return options.model;
  const where = options.modelsDir ? { directory: options.modelsDir } : {};
  return engine.resolveModelFile(options.model, where).catch((cause: unknown) => {
    throw new ConfigError(`could not resolve '${options.model}': ${String(cause)}`, {
      cause,
      hint: 'download the .gguf file and pass its path instead',
    });
  });
}
