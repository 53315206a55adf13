import type { DatasetLoadOptions } from '../datasets/types.js';
import type { JudgePlacement } from '../execution/types.js';

export interface ServeOptions {
  /** Must be true: the service runs untrusted code. */
  allowCodeExecution: boolean;
  /** Default 127.0.0.1. Any other address needs a token. */
  host?: string;
  /** Default 8080; 0 picks a free port (the server's `url` says which). */
  port?: number;
  /**
   * The bearer token every endpoint but /healthz then requires. Default: the first line of
   * `tokenFile`, else `PASSK_SERVE_TOKEN` (see resolveToken); none on loopback is allowed.
   */
  token?: string;
  tokenFile?: string;
  /** Sandbox slots (the executor's workers); default one per core. */
  workers?: number;
  sandbox?: string;
  /** Verdict cache directory, as evaluate's; false disables it. */
  verdictCache?: string | false;
  /** Compiled-artifact and toolchain caches (ExecutorOptions.artifactsDir); false: none. */
  artifactsDir?: string | false;
  /** Requests executing at once; default the executor's workers. */
  concurrency?: number;
  /** Requests waiting for a place; past it a request gets 429. Default 256. */
  queueLimit?: number;
  /** Largest request body, in bytes (413 past it); default 16 MiB. */
  maxBodyBytes?: number;
  /** From arrival to answer, queueing included (504 past it); default 300 s. */
  requestTimeoutMs?: number;
  /** Where verdicts are decided for tasks that call the candidate's functions; default 'outside'. */
  judge?: JudgePlacement;
  /** Where tasks' datasets are read from (as evaluate's `dataset`). */
  dataset?: DatasetLoadOptions;
  /**
   * Run the preflight canaries (Python) before listening (default true): a sandbox that lets an
   * early exit or a wrong program pass must never serve rewards.
   */
  preflight?: boolean;
}

/** What startServer uses where an option is not given. */
export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  queueLimit: 256,
  maxBodyBytes: 16 * 2 ** 20,
  requestTimeoutMs: 300_000,
};
