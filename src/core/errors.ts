/**
 * Every error a user can cause or fix. The CLI prints `message` (and `hint`) on one line each,
 * with no stack trace, and exits with `exitCode`. Anything that is not a PasskError is a bug in
 * passk and is printed with its stack.
 */
export class PasskError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(
    code: string,
    message: string,
    options: { hint?: string; exitCode?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 2;
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
  constructor() {
    super(
      'PASSK_EXECUTION_DISABLED',
      'refusing to run model-generated code: execution is opt-in because the code is untrusted',
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
    super('PASSK_SANDBOX', message, { ...options, exitCode: 3 });
  }
}

/** A language toolchain (python3, node, g++, …) that is not installed. */
export class RuntimeMissingError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_RUNTIME_MISSING', message, { ...options, exitCode: 3 });
  }
}

/** The preflight canaries misbehaved: passk refuses to print a score it cannot trust. */
export class PreflightError extends PasskError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('PASSK_PREFLIGHT', message, { ...options, exitCode: 4 });
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
