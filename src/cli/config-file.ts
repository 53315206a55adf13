import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, isSwitchWord } from '../index.js';

/** The file looked for in the current directory when `--config` is not given. */
export const DEFAULT_CONFIG_FILE = 'passk.config.json';

/**
 * passk.config.json: a project's defaults for the run configuration, so its own benchmark needs
 * no `--task` (and its usual ks, timeout, …) on every command. The layers are: passk's defaults
 * < this file < flags. Keys are the flags' names, values in the flags' units (timeout in
 * seconds). Which problems to run (`--limit`) stays a flag. Paths are relative to the config
 * file's folder, so the file works from any current directory.
 */
/** A path value: `"dataDir": "false"` would name ./false, as `--data-dir false` would. */
const pathString = z
  .string()
  .min(1)
  .refine((value) => !isSwitchWord(value), 'a switch word is not a path (write ./NAME for one)');

const configSchema = z.strictObject({
  /** A registered task name, a task module (.ts / .js) or a custom benchmark file (.jsonl). */
  task: z.string().min(1).optional(),
  /** An explicit dataset file, as `--dataset-path`. */
  datasetPath: pathString.optional(),
  /** A local data directory, as `--data-dir`. */
  dataDir: pathString.optional(),
  /** As `--k`: the ks of pass@k. */
  k: z.array(z.number().int().positive()).min(1).optional(),
  /** As `--timeout`: per-program wall-clock limit in seconds. */
  timeout: z.number().positive().optional(),
  /** As `--time-factor` (HumanEval+/MBPP+). */
  timeFactor: z.number().min(1).optional(),
  /** As `--workers`. */
  workers: z.number().int().positive().optional(),
  /** As `--sandbox`. */
  sandbox: z.string().min(1).optional(),
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
      hint: 'passk.config.json may hold "task", "datasetPath", "dataDir", "k", "timeout", "timeFactor", "workers" and "sandbox"',
    });
  }
  const base = dirname(file);
  const { task, datasetPath, dataDir, ...values } = parsed.data;
  return {
    ...values,
    // A registered name stays a name; only paths are rebased onto the config's folder.
    ...(task === undefined ? {} : { task: looksLikePath(task) ? resolve(base, task) : task }),
    ...(datasetPath === undefined ? {} : { datasetPath: resolve(base, datasetPath) }),
    ...(dataDir === undefined ? {} : { dataDir: resolve(base, dataDir) }),
  };
}

function looksLikePath(spec: string): boolean {
  return /[/\\]/.test(spec) || /\.[a-z]+(\.gz)?$/i.test(spec);
}

/**
 * Flags laid over the config file: a flag given (not undefined) always wins. The file's values
 * are written as the flags would be (`k: [1, 10]` as "1,10"), so one parser checks both.
 */
export function withConfigFile(raw: Record<string, unknown>): Record<string, unknown> {
  const config = readConfigFile(typeof raw['config'] === 'string' ? raw['config'] : undefined);
  const asFlags = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value,
    ]),
  );
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return { ...asFlags, ...given };
}
