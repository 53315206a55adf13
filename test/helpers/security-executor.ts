import { afterAll, beforeAll } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type {
  ExecLimits,
  Executor,
  Language,
  Program,
  Verdict,
} from '../../src/execution/types.js';

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

/**
 * The security files' common set-up: one `securityExecutor(workers)` made before the file's tests
 * and closed after them; the returned function gives it to a test.
 */
export function securityExecutorForFile(workers = 2): () => Executor {
  let executor: Executor | undefined;
  beforeAll(async () => {
    executor = await securityExecutor(workers);
  }, 60_000);
  afterAll(async () => {
    await executor?.close();
  });
  return () => {
    if (executor === undefined) throw new Error('the executor is made in beforeAll');
    return executor;
  };
}

/** Runs each of `sources` (id → source) in `language` with 20 s and 2 GiB on top of `limits`. */
/** A one-file program's source, or a multi-file program's files (Program.files). */
export type TestProgram = string | { files: Record<string, string> };

export function runSources(
  executor: Executor,
  language: Language,
  sources: Record<string, TestProgram>,
  limits: ExecLimits,
  /** Fields every program gets besides its source (e.g. `semantics`). */
  fields: Omit<Partial<Program>, 'language' | 'source'> = {},
): Promise<Map<string, Verdict>> {
  const big = { ...limits, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 };
  const jobs = Object.entries(sources).map(([id, source]) => ({
    id,
    program:
      typeof source === 'string'
        ? { ...fields, language, source }
        : { ...fields, language, source: '', files: source.files },
    limits: big,
  }));
  return executor.run(jobs);
}
