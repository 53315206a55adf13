import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

const ENGINE_VERSION = '3.21.1';
/** A variable, so TypeScript does not try to resolve the optional package at compile time. */
const ENGINE_PACKAGE = 'node-llama-cpp';
/** Set to a folder where `npm install --prefix DIR node-llama-cpp@3.21.1` put the engine. */
export const ENGINE_DIR_VARIABLE = 'PASSK_LLAMA_CPP_DIR';

/**
 * Where the engine is looked for when it is not in node_modules: $PASSK_LLAMA_CPP_DIR, then
 * `.passk-engines` in passk's own folder (gitignored; `scripts/setup.sh --test` installs it
 * there, outside node_modules, because `npm ci` wipes node_modules and the 700 MB engine must
 * not be a dependency every user downloads).
 */
export function engineDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const ownRoot = fileURLToPath(new URL('../../', import.meta.url));
  const fromEnv = env[ENGINE_DIR_VARIABLE];
  return [...(fromEnv ? [resolve(fromEnv)] : []), join(ownRoot, '.passk-engines')];
}

/**
 * Imports node-llama-cpp: from node_modules, else from the first of `dirs` holding it. Missing
 * everywhere, it is a ConfigError saying how to install it.
 */
export async function loadEngine(
  importEngine: () => Promise<unknown> = () => import(ENGINE_PACKAGE),
  dirs: readonly string[] = engineDirs(),
): Promise<LlamaModule> {
  try {
    return (await importEngine()) as LlamaModule;
  } catch (cause) {
    if (!isNotFound(cause)) throw cause;
    for (const dir of dirs) {
      const entry = await entryIn(dir);
      if (entry !== undefined) return (await import(pathToFileURL(entry).href)) as LlamaModule;
    }
    throw new ConfigError(
      `--model llama-cpp needs the optional package node-llama-cpp@${ENGINE_VERSION} (700 MB), which is not installed (looked in node_modules and ${dirs.join(', ')})`,
      {
        hint: `npm install -E node-llama-cpp@${ENGINE_VERSION}, or npm install --prefix DIR node-llama-cpp@${ENGINE_VERSION} and set ${ENGINE_DIR_VARIABLE}=DIR`,
        cause,
      },
    );
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  // vitest's module runner reports a missing package with no code, as 'Could not resolve "X"'
  return /(Cannot find|Could not resolve).*node-llama-cpp/.test(String((error as Error)?.message));
}

/** The ESM entry of node-llama-cpp installed under `dir` (an npm --prefix), if it is there. */
async function entryIn(dir: string): Promise<string | undefined> {
  const root = join(dir, 'node_modules', ENGINE_PACKAGE);
  let manifest: { exports?: { '.'?: { import?: string } }; main?: string };
  try {
    manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const entry = manifest.exports?.['.']?.import ?? manifest.main ?? 'index.js';
  return join(root, entry);
}
