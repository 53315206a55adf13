import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../index.js';

/** The file looked for in the current directory when `--config` is not given. */
export const DEFAULT_CONFIG_FILE = 'passk.config.json';

/**
 * passk.config.json: defaults for the task flags, so a project's own benchmark needs no
 * `--task` on every command. Deliberately small: anything else stays a flag. Paths are relative
 * to the config file's folder, so the file works from any current directory.
 */
const configSchema = z.strictObject({
  /** A registered task name, a task module (.ts / .js) or a custom benchmark file (.jsonl). */
  task: z.string().min(1).optional(),
  /** An explicit dataset file, as `--dataset-path`. */
  datasetPath: z.string().min(1).optional(),
  /** A local data directory, as `--data-dir`. */
  dataDir: z.string().min(1).optional(),
});

export type ConfigFile = z.output<typeof configSchema>;

/**
 * The config file's values with paths made absolute: `explicit` (from `--config`, must exist),
 * else `./passk.config.json` when present, else nothing.
 *
 * @throws ConfigError naming the file for a missing explicit file, bad JSON or an unknown key
 */
export function readConfigFile(explicit: string | undefined, cwd = process.cwd()): ConfigFile {
  const file = resolve(cwd, explicit ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit === undefined) return {};
    throw new ConfigError(`config file not found: ${file}`, { hint: 'check the --config path' });
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `key '${issue.path.join('.')}': ` : '';
    throw new ConfigError(`${file}: ${where}${issue?.message ?? 'invalid config'}`, {
      hint: 'passk.config.json may hold "task", "datasetPath" and "dataDir"',
    });
  }
  const base = dirname(file);
  const { task, datasetPath, dataDir } = parsed.data;
  return {
    // A registered name stays a name; only paths are rebased onto the config's folder.
    ...(task === undefined ? {} : { task: looksLikePath(task) ? resolve(base, task) : task }),
    ...(datasetPath === undefined ? {} : { datasetPath: resolve(base, datasetPath) }),
    ...(dataDir === undefined ? {} : { dataDir: resolve(base, dataDir) }),
  };
}

function looksLikePath(spec: string): boolean {
  return /[/\\]/.test(spec) || /\.[a-z]+(\.gz)?$/i.test(spec);
}

/** Flags laid over the config file: a flag given (not undefined) always wins. */
export function withConfigFile(raw: Record<string, unknown>): Record<string, unknown> {
  const config = readConfigFile(typeof raw['config'] === 'string' ? raw['config'] : undefined);
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return { ...config, ...given };
}
