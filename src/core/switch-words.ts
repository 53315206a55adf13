import { ConfigError } from './errors.js';

/**
 * Values that mean "off" (or "on") to a person but, taken as a path, name a file or folder of that
 * word in the current folder: `--cache-dir false` once created `./false/verdicts`, and a 1.6 MB
 * SQLite store named `false` was once committed at a repo root. Blank counts too (`--cache-dir ''`
 * is the current folder). `./false` is a path and is accepted.
 */
const SWITCH_WORD = /^\s*(false|true|no|yes|off|on|0|1|none|null|undefined|disabled?)?\s*$/i;

/** What `--cache-dir false` / `PASSK_CACHE_DIR=off` may have meant (the Hub cache cannot be off). */
export const CACHE_OFF = 'to not reuse verdicts pass --no-cache (library: verdictCache: false)';

export function isSwitchWord(value: string): boolean {
  return SWITCH_WORD.test(value);
}

/**
 * `value` when it is a path, else a ConfigError naming where it came from (`--cache-dir`,
 * `PASSK_CACHE_DIR`), what was expected and `off`: how to really turn the thing off, when there
 * is a way.
 *
 * @throws ConfigError when `value` is a switch word or blank
 */
export function pathValue(
  value: string,
  origin: string,
  what: 'file' | 'folder' | 'file or folder' | 'run directory' | 'run store file',
  off?: string,
): string {
  if (!isSwitchWord(value)) return value;
  const asPath = `to use a ${what} of that name write ./${value.trim() || 'NAME'}`;
  throw new ConfigError(`${origin} '${value}' is not a ${what}`, {
    hint: off === undefined ? asPath : `${off}; ${asPath}`,
  });
}
