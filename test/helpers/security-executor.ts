import { createExecutor } from '../../src/execution/index.js';
import type { ExecLimits, Executor, Language, Verdict } from '../../src/execution/types.js';

/**
 * The executor the security tests run hostile programs through: code execution allowed, no
 * cache, `workers` slots, the default sandbox unless `sandbox` says otherwise ('subprocess' is the
 * weaker control).
 */
export function securityExecutor(workers: number, sandbox?: 'subprocess'): Promise<Executor> {
  return createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    workers,
    ...(sandbox ? { sandbox } : {}),
  });
}

/** Runs each of `sources` (id → source) in `language` with 20 s and 2 GiB on top of `limits`. */
export function runSources(
  executor: Executor,
  language: Language,
  sources: Record<string, string>,
  limits: ExecLimits,
): Promise<Map<string, Verdict>> {
  const big = { ...limits, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 };
  const jobs = Object.entries(sources).map(([id, source]) => ({
    id,
    program: { language, source },
    limits: big,
  }));
  return executor.run(jobs);
}
