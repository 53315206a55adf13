import { ConfigError } from '../core/errors.js';
import type { RunEventListener } from '../execution/events.js';
import { createExecutor } from '../execution/index.js';
import { createRemoteExecutor, type RemoteExecutorOptions } from '../execution/remote/executor.js';
import type { Executor, ExecutorOptions } from '../execution/types.js';

/** What evaluate() needs to pick its executor (a subset of EvaluateOptions). */
export interface RunExecutorOptions {
  executor?: Executor;
  sandbox?: string;
  workers?: number;
  verdictCache?: string | false;
  /** The compiled-artifact and toolchain caches (ExecutorOptions.artifactsDir). */
  artifactsDir?: string | false;
  pythonEnv?: string;
  keepTracebacks?: boolean;
  /** The engine to start first (ExecutorOptions.warm); nothing with the caller's executor. */
  warm?: ExecutorOptions['warm'];
}

/** The run's executor, and how to let go of it: closed if the run made it, left open if not. */
export interface RunExecutor {
  executor: Executor;
  release(): Promise<void>;
}

/**
 * The caller's executor (`options.executor`: kept open for the caller's next run, which then
 * starts no sandbox, worker or toolchain again), else a new one for this run only.
 *
 * @throws ConfigError when options also ask for a sandbox, worker count or verdict cache the
 *   caller's executor was not made with (it would silently not be used)
 */
export async function openRunExecutor(options: RunExecutorOptions): Promise<RunExecutor> {
  const given = options.executor;
  if (given !== undefined) {
    checkAgrees(given, options);
    return { executor: given, release: async () => {} };
  }
  const executor = await createExecutor({
    allowCodeExecution: true,
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    ...(options.verdictCache === undefined ? {} : { cacheDir: options.verdictCache }),
    ...(options.artifactsDir === undefined ? {} : { artifactsDir: options.artifactsDir }),
    ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
    ...(options.keepTracebacks === true ? { keepTracebacks: true } : {}),
    ...(options.warm === undefined ? {} : { warm: options.warm }),
  });
  return { executor, release: () => executor.close() };
}

/**
 * @throws ConfigError when options ask for a sandbox, worker count or verdict cache the caller's
 *   executor was not made with (evaluate checks this first, before any slow work)
 */
export function checkAgrees(executor: Executor, options: RunExecutorOptions): void {
  const hint = 'pass it to createExecutor() instead, or leave it out';
  const { sandbox, workers } = executor.info;
  if (options.sandbox !== undefined && options.sandbox !== sandbox) {
    throw new ConfigError(`sandbox '${options.sandbox}' differs from the executor's '${sandbox}'`, {
      hint,
    });
  }
  if (options.workers !== undefined && options.workers !== workers) {
    throw new ConfigError(`workers ${options.workers} differs from the executor's ${workers}`, {
      hint,
    });
  }
  for (const key of ['verdictCache', 'artifactsDir'] as const) {
    if (options[key] !== undefined) {
      throw new ConfigError(`${key} cannot be given with an executor: it has its own cache`, {
        hint,
      });
    }
  }
  if (options.keepTracebacks !== undefined) {
    throw new ConfigError('keepTracebacks cannot be given with an executor', { hint });
  }
}

/** What the remote executors' own servers decide, and the flag that would ask for it here. */
const DECIDED_REMOTELY = {
  executor: 'an executor',
  sandbox: '--sandbox',
  workers: '--workers',
  verdictCache: '--no-cache',
  artifactsDir: '--no-artifact-cache',
  pythonEnv: '--python-env',
  keepTracebacks: '--keep-tracebacks',
} as const;

/**
 * Runs `run` with its programs on `passk serve` instances (`remoteExecutors`, `--executor`): a
 * remote executor in `executor`, closed after. Everything else about the run stays the same.
 *
 * @throws ConfigError when the options also ask for a local executor's settings (sandbox,
 *   workers, verdict cache, python env: the servers' own decide)
 */
export async function withRemoteExecutor<
  O extends RunExecutorOptions & {
    remoteExecutors?: RemoteExecutorOptions;
    onEvent?: RunEventListener;
  },
  R,
>(options: O, run: (options: O) => Promise<R>): Promise<R> {
  const { remoteExecutors, ...rest } = options;
  if (remoteExecutors === undefined) return run(options);
  for (const [key, flag] of Object.entries(DECIDED_REMOTELY)) {
    if (rest[key as keyof typeof DECIDED_REMOTELY] !== undefined) {
      throw new ConfigError(`${flag} cannot be given with remote executors (--executor)`, {
        hint: 'the passk serve instances decide it: start them with it instead',
      });
    }
  }
  const executor = await createRemoteExecutor({
    // a server failing or answering again: said as a warning, the run goes on
    onNotice: (message) => options.onEvent?.({ type: 'warning', message }),
    ...remoteExecutors,
  });
  try {
    return await run({ ...rest, executor } as O);
  } finally {
    await executor.close();
  }
}
