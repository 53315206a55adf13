import type { Command, Option } from 'commander';
import { CACHE_OFF, pathValue } from '../index.js';

/**
 * Every flag whose value is a path (its placeholder says so: `<dir>`, `<file>`, `[file]`,
 * `<run>`, `<run-dir>`, `<paths...>`) refuses a switch word (`--cache-dir false`, `-o off`,
 * `--output-dir ''`): taken as a path it would write or read a file named `false` in the current
 * folder. (PASSK_DB is checked by the run store, store/db/paths.ts, with the same words.)
 */
const PLACEHOLDER_KIND = {
  dir: 'folder',
  file: 'file',
  run: 'run directory',
  'run-dir': 'run directory',
  paths: 'file or folder',
} as const;

/** How to get what a switch word may have meant, per flag (only where there is such a way). */
const OFF: Record<string, string> = {
  '--cache-dir': CACHE_OFF,
  '--output-dir': 'leave --output-dir out for passk-runs/<task>-<time>',
  '--python-env': "leave --python-env out for Debian's python3-* packages",
  '--json': 'give --json alone to print the JSON on stdout',
  '--db': 'to not record the run pass --no-db (evaluate, run)',
  '--config': 'leave --config out (./passk.config.json is read when present)',
};

/**
 * Path-valued environment variables (PASSK_DB is checked by the run store) a command may read;
 * an empty one counts as unset, as everywhere in passk.
 */
const PATH_VARIABLES = {
  PASSK_CACHE_DIR: CACHE_OFF,
  PASSK_DATA_DIR: undefined,
  PASSK_LLAMA_CPP_DIR: undefined,
  PASSK_EXERCISM_JS_DIR: undefined,
} as const;

/** Registers the check on every command, before its action runs (so before any work). */
export function checkPathFlags(program: Command): void {
  program.hook('preAction', (_program, command) => {
    for (const option of command.options)
      checkOption(option, command.opts()[option.attributeName()]);
    checkEnvironment(process.env);
  });
}

function checkOption(option: Option, value: unknown): void {
  const placeholder = /[<[]([\w-]+?)(?:\.\.\.)?[>\]]/.exec(option.flags)?.[1];
  const kind = PLACEHOLDER_KIND[placeholder as keyof typeof PLACEHOLDER_KIND];
  if (kind === undefined) return;
  const flag = option.long ?? option.flags;
  const what = flag === '--db' ? 'run store file' : kind;
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item === 'string') pathValue(item, flag, what, OFF[flag]);
  }
}

function checkEnvironment(env: NodeJS.ProcessEnv): void {
  for (const [name, off] of Object.entries(PATH_VARIABLES)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') pathValue(value, name, 'folder', off);
  }
}
