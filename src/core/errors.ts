/**
 * Every error a user can cause or fix, in one table: its code, what it means, and the exit code
 * the CLI ends with. Exit codes: 2 user error, 3 sandbox or toolchain problem, 4 preflight
 * failure (70 is left for bugs: anything that is not a PasskError).
 */
export const ERROR_CODES = {
  PASSK_CONFIG: { exitCode: 2, meaning: 'bad flags, config values or contradictory options' },
  PASSK_DATASET: {
    exitCode: 2,
    meaning: 'a dataset file that is missing, unreadable or malformed',
  },
  PASSK_GENERATIONS: { exitCode: 2, meaning: 'a generations / samples file that does not fit' },
  PASSK_NOT_FOUND: { exitCode: 2, meaning: 'a task, backend, sandbox or runtime name not known' },
  PASSK_EXECUTION_DISABLED: { exitCode: 2, meaning: 'running generated code was not allowed' },
  PASSK_RUN: { exitCode: 2, meaning: 'a run reference that is not a finished passk run' },
  PASSK_RUN_STORE: {
    exitCode: 2,
    meaning: 'the run store is unreadable, newer, or has no such run',
  },
  PASSK_RESULTS: { exitCode: 2, meaning: 'a damaged results.jsonl' },
  PASSK_MODEL_REQUEST: { exitCode: 2, meaning: 'a model server request that failed for good' },
  PASSK_SANDBOX: { exitCode: 3, meaning: 'the sandbox or a worker broke (never a verdict)' },
  PASSK_RUNTIME_MISSING: { exitCode: 3, meaning: 'a language toolchain that is not installed' },
  PASSK_PREFLIGHT: { exitCode: 4, meaning: 'the preflight canaries misbehaved' },
  PASSK_WRITE: {
    exitCode: 1,
    meaning: 'a run file (the generation journal) could not be written: disk full, size limit',
  },
} as const satisfies Record<string, { exitCode: number; meaning: string }>;

export type PasskErrorCode = keyof typeof ERROR_CODES;

/**
 * The base of every error in ERROR_CODES. The CLI prints `message` (and `hint`) on one line
 * each, with no stack trace, and exits with `exitCode`. Anything that is not a PasskError is a
 * bug in passk and is printed with its stack.
 */
export class PasskError extends Error {
  readonly code: PasskErrorCode;
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(
    code: PasskErrorCode,
    message: string,
    options: { hint?: string; exitCode?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? ERROR_CODES[code].exitCode;
  }
}

type ErrorOptions = { hint?: string; cause?: unknown };

/** Bad flags, bad config values, contradictory options. */
export class ConfigError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_CONFIG', message, options);
  }
}

/** A dataset file that is missing, unreadable, or has a row that does not fit the task. */
export class DatasetError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_DATASET', message, options);
  }
}

/** A generations / samples file that is missing, malformed, or does not match the task. */
export class GenerationsError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_GENERATIONS', message, options);
  }
}

/** A name looked up in a registry (task, backend, sandbox, runtime) that does not exist. */
export class NotFoundError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_NOT_FOUND', message, options);
  }
}

/** Raised before anything generated would run, when the user has not opted in. */
export class ExecutionDisabledError extends PasskError {
  /** `why`: the reason this command runs code, when it is not plain evaluation (feedback turns). */
  constructor(why?: string) {
    super(
      'PASSK_EXECUTION_DISABLED',
      `refusing to run model-generated code: ${why ?? 'execution is opt-in because the code is untrusted'}`,
      {
        hint: 'pass --allow-code-execution (library: allowCodeExecution: true) once you accept running it in the sandbox',
      },
    );
  }
}

/**
 * The sandbox or a worker broke (could not start, died, lost its pipe). This is never a verdict
 * on the program: the executor retries or marks the sample as an infrastructure error.
 */
export class SandboxError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_SANDBOX', message, options);
  }
}

/**
 * No remote executor (`--executor`, `passk serve`) could take the programs: every one refused or
 * failed past its retries. Never a verdict: the run stops, and the same command again continues
 * (the servers' verdict caches keep what they judged).
 */
export class RemoteExecutorError extends SandboxError {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, {
      ...options,
      hint:
        options.hint ??
        'check that the passk serve instances are up, then run the same command again (passk run: --resume DIR); what they judged comes back from their verdict caches',
    });
  }
}

/** A language toolchain (python3, node, g++, …) that is not installed. */
export class RuntimeMissingError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_RUNTIME_MISSING', message, options);
  }
}

/** The preflight canaries misbehaved: passk refuses to print a score it cannot trust. */
export class PreflightError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_PREFLIGHT', message, options);
  }
}

/** A model server request that failed for good (after retries, or not retryable). */
export class ModelRequestError extends PasskError {
  readonly status: number | undefined;
  readonly retryable: boolean;
  constructor(
    message: string,
    options: ErrorOptions & { status?: number; retryable?: boolean } = {},
  ) {
    super('PASSK_MODEL_REQUEST', message, options);
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}

/**
 * The prompt (plus max_new_tokens) does not fit the model's context. Never retried and never
 * silently truncated: the generation stage records it per problem.
 */
export class ContextLengthError extends ModelRequestError {
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, {
      ...options,
      retryable: false,
      hint: 'use a model with a longer context, or lower --max-new-tokens',
    });
  }
}

/**
 * Why an attempt failed, for run.json's retry counters: `http-<status>`, `idle-timeout`,
 * `total-timeout`, `transport` (reset, refused), `torn-stream`, `malformed`, `no-choices`,
 * `error-event` (the server reported an error inside a 200 answer or stream, or a finish reason
 * `abort`/`error`), `no-finish-reason`, `stream-options` (fallback for servers that reject it).
 */
export type RetryReason = string;

/**
 * A failure worth trying again (429, 5xx, timeout, reset connection, malformed body, an error
 * event or a missing finish reason). `retryAfterMs` is the server's Retry-After, when it sent one.
 */
export class RetryableRequestError extends ModelRequestError {
  readonly retryAfterMs: number | undefined;
  readonly reason: RetryReason;
  constructor(
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown; reason?: RetryReason } = {},
  ) {
    const { retryAfterMs, reason, ...rest } = options;
    super(message, { ...rest, retryable: true });
    this.retryAfterMs = retryAfterMs;
    this.reason = reason ?? (rest.status === undefined ? 'transport' : `http-${rest.status}`);
  }
}

/**
 * The model server cannot be reached before the run, or every replica has been failing for
 * longer than the outage limit: the run stops (what finished is kept) instead of turning every
 * remaining sample into a failure.
 */
export class ServerUnavailableError extends ModelRequestError {
  constructor(message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, {
      ...options,
      hint: options.hint ?? 'check that the model server is up, then continue with --resume',
    });
  }
}

/**
 * A run file could not be written (disk full, quota, file size limit, I/O error): one line for
 * the user, never a stack trace. Exit 1, like a run stopped before every sample was done.
 */
export class RunWriteError extends PasskError {
  /** `hint`: how to finish the run, when it is not `--resume` (a generation journal's). */
  constructor(path: string, error: unknown, hint?: string) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'EIO';
    const what =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'the disk is full'
        : code === 'EFBIG'
          ? 'the file size limit was reached'
          : String((error as Error | undefined)?.message ?? error);
    super('PASSK_WRITE', `cannot write ${path}: ${what} (${code})`, {
      hint:
        hint ??
        'free some space, then continue with passk run --resume <run dir> (finished samples are kept)',
      cause: error,
    });
  }
}

/** The run store is unreadable, from a newer passk, not a passk database, or has no such run. */
export class RunStoreError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_RUN_STORE', message, options);
  }
}

/** A run reference (directory, metrics.json) that is not a finished passk run. */
export class RunNotFoundError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_RUN', message, {
      ...options,
      hint: options.hint ?? 'give a run directory written by passk (it holds metrics.json)',
    });
  }
}

/** A results.jsonl with a damaged line (not the torn last line of a crash, which is dropped). */
export class ResultsFileError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_RESULTS', message, options);
  }
}
