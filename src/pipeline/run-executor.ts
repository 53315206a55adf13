import { ConfigError } from '../core/errors.js';
import { createExecutor } from '../execution/index.js';
import type { Executor } from '../execution/types.js';

/** What evaluate() needs to pick its executor (a subset of EvaluateOptions). */
export interface RunExecutorOptions {
  executor?: Executor;
  sandbox?: string;
  workers?: number;
  verdictCache?: string | false;
  pythonEnv?: string;
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
    ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
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
  if (options.verdictCache !== undefined) {
    throw new ConfigError('verdictCache cannot be given with an executor: it has its own cache', {
      hint,
    });
  }
}
