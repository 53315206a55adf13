import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, NotFoundError } from '../../core/errors.js';
import type { Task } from '../types.js';

const TYPESCRIPT = /\.(ts|mts|cts|tsx)$/i;
const JAVASCRIPT = /\.(js|mjs|cjs)$/i;

/** Is `spec` a path to a task module (TypeScript or JavaScript) rather than a task name? */
export function isTaskModule(spec: string): boolean {
  return TYPESCRIPT.test(spec) || JAVASCRIPT.test(spec);
}

/** Members every Task has, with the type `typeof` must report for each. */
const REQUIRED: readonly [keyof Task, string][] = [
  ['name', 'string'],
  ['description', 'string'],
  ['language', 'string'],
  ['dataset', 'object'],
  ['defaultTimeoutMs', 'number'],
  ['stopSequences', 'object'],
  ['problems', 'function'],
  ['postprocess', 'function'],
  ['program', 'function'],
];

/**
 * The Task a module exports as `default` or as `task`. TypeScript is loaded through tsx's ESM
 * API (`tsImport`, no build step and no global loader hook); JavaScript through `import()`.
 * Relative paths are resolved against the current directory.
 *
 * @throws NotFoundError when the file does not exist; ConfigError when it cannot be loaded
 *   (tsx missing, syntax error, a throw at import) or exports no object with every Task member
 */
export async function loadTaskModule(path: string): Promise<Task> {
  const file = resolve(path);
  if (!existsSync(file)) {
    throw new NotFoundError(`task module not found: ${file}`, {
      hint: 'give --task a registered name (see `passk tasks`) or the path of a task module',
    });
  }
  const exports = await importModule(file);
  const task = exports['default'] ?? exports['task'];
  const problem = checkTask(task);
  if (problem !== undefined) {
    throw new ConfigError(`${file} does not export a task: ${problem}`, {
      hint: "export the task object as default (or as 'task'); `defineTask` from passk types it",
    });
  }
  return task as Task;
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  try {
    if (!TYPESCRIPT.test(file)) return (await import(url)) as Record<string, unknown>;
    const { tsImport } = await importTsx(file);
    return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`cannot load task module ${file}: ${(error as Error).message}`, {
      hint: 'run the module on its own (e.g. `npx tsx FILE`) to see the full error',
      cause: error,
    });
  }
}

async function importTsx(file: string) {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    throw new ConfigError(`loading the TypeScript task ${file} needs the 'tsx' package`, {
      hint: 'install it (npm install tsx), or compile the task to .js / .mjs',
      cause: error,
    });
  }
}

/** Why `value` is not a Task, or undefined when it has every member with the right type. */
function checkTask(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    return `the export is ${value === null ? 'null' : typeof value}, not a task object`;
  }
  const record = value as Record<string, unknown>;
  for (const [member, type] of REQUIRED) {
    const actual = record[member] === null ? 'null' : typeof record[member];
    if (actual !== type) return `member '${member}' is ${actual}, expected ${type}`;
  }
  if (!Array.isArray(record['stopSequences'])) return "member 'stopSequences' is not an array";
  return undefined;
}
