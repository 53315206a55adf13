import { CACHE_OFF, pathValue } from '../core/switch-words.js';

/**
 * The one place the datasets layer reads environment variables. Everything else takes explicit
 * options; these values are only the defaults behind them (flags and options always win).
 */

/** Environment variables the datasets layer understands, parsed. */
export interface DatasetEnv {
  /** `HF_ENDPOINT`: Hub base URL (a mirror, or a local server in tests). Default: https://huggingface.co. */
  hubUrl: string | undefined;
  /** `PASSK_GITHUB_URL`: base URL of GitHub's raw files (a mirror, or a local server in tests). */
  githubUrl: string | undefined;
  /** `HF_TOKEN`: sent as `Authorization: Bearer …` to the Hub, for gated or private datasets. */
  token: string | undefined;
  /** `PASSK_CACHE_DIR`: Hub cache directory. Default: ~/.cache/passk. */
  cacheDir: string | undefined;
  /** `PASSK_DATA_DIR`: a local data directory laid out like passk's shared data (`--data-dir` wins). */
  dataDir: string | undefined;
  /** `HF_HUB_OFFLINE` or `PASSK_OFFLINE` set to 1/true/yes/on: never touch the network. */
  offline: boolean;
}

/** Reads the datasets layer's environment variables; empty strings count as unset. */
export function readDatasetEnv(env: NodeJS.ProcessEnv = process.env): DatasetEnv {
  const {
    HF_ENDPOINT,
    HF_TOKEN,
    PASSK_CACHE_DIR,
    PASSK_DATA_DIR,
    HF_HUB_OFFLINE,
    PASSK_OFFLINE,
    PASSK_GITHUB_URL,
  } = env;
  return {
    hubUrl: nonEmpty(HF_ENDPOINT),
    githubUrl: nonEmpty(PASSK_GITHUB_URL),
    token: nonEmpty(HF_TOKEN),
    cacheDir: folder(PASSK_CACHE_DIR, 'PASSK_CACHE_DIR', CACHE_OFF),
    dataDir: folder(PASSK_DATA_DIR, 'PASSK_DATA_DIR'),
    offline: isTruthy(HF_HUB_OFFLINE) || isTruthy(PASSK_OFFLINE),
  };
}

/** A folder variable: unset when empty, refused when a switch word (it would name ./false). */
function folder(value: string | undefined, name: string, off?: string): string | undefined {
  const set = nonEmpty(value);
  return set === undefined ? undefined : pathValue(set, name, 'folder', off);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

// The same spellings huggingface_hub accepts, so one HF_HUB_OFFLINE works for both tools.
function isTruthy(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}
