import { ConfigError } from '../core/errors.js';

/**
 * In-process GGUF inference through node-llama-cpp (an optional package: pinned to 3.21.1,
 * newer releases break `npm ci` here). Only the members passk uses are typed, structurally, so
 * passk type-checks and runs without the package installed.
 */
export interface LlamaModule {
  getLlama(options: { gpu?: 'auto' | false; build?: 'never'; logLevel?: string }): Promise<Llama>;
  resolveModelFile(uri: string, options?: { directory?: string }): Promise<string>;
  LlamaCompletion: new (options: { contextSequence: Sequence }) => Completer;
  LlamaChatSession: new (options: {
    contextSequence: Sequence;
    systemPrompt?: string;
    autoDisposeSequence: false;
  }) => ChatSession;
}
export interface Llama {
  loadModel(options: { modelPath: string }): Promise<Model>;
  dispose(): Promise<void>;
}
export interface Model {
  createContext(options: {
    threads: number;
    contextSize: { max: number };
    sequences: 1;
  }): Promise<Context>;
  tokenize(text: string): readonly unknown[];
  dispose(): Promise<void>;
}
export interface Context {
  getSequence(): Sequence;
  readonly contextSize: number;
  dispose(): Promise<void>;
}
export interface Sequence {
  clearHistory(): Promise<void>;
}
export interface Completer {
  generateCompletionWithMeta(
    prompt: string,
    options: Record<string, unknown>,
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
}

export interface ChatSession {
  promptWithMeta(
    prompt: string,
    options: Record<string, unknown>,
  ): Promise<{ responseText: string; stopReason: string }>;
  dispose(options: { disposeSequence: false }): void;
}

const INSTALL_HINT = 'npm install -E node-llama-cpp@3.21.1';
/** A variable, so TypeScript does not try to resolve the optional package at compile time. */
const ENGINE_PACKAGE = 'node-llama-cpp';

/** Imports node-llama-cpp; a missing package becomes a ConfigError saying how to install it. */
export async function loadEngine(
  importEngine: () => Promise<unknown> = () => import(ENGINE_PACKAGE),
): Promise<LlamaModule> {
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
