import { createExecutor, runPreflight } from '../../index.js';
import type { Verdict } from '../../types.js';

const LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30, outputBytes: 65_536 };

/**
 * The preflight's verdicts for `language` in the real sandbox, `right` as its one reference;
 * `timeoutMs` for a toolchain slower than 10 s per program (Kotlin's compiler on a loaded machine).
 */
export async function preflightVerdicts(
  language: string,
  right: string,
  timeoutMs = LIMITS.timeoutMs,
): Promise<Map<string, Verdict>> {
  const executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
  try {
    const references = [{ language, source: right }];
    const limits = { ...LIMITS, timeoutMs };
    return (await runPreflight(executor, { language, references, limits })).verdicts;
  } finally {
    await executor.close();
  }
}
