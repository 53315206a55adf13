import { createExecutor, runPreflight } from '../../index.js';
import type { Verdict } from '../../types.js';

const LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30, outputBytes: 65_536 };

/** The preflight's verdicts for `language` in the real sandbox, `right` as its one reference. */
export async function preflightVerdicts(
  language: string,
  right: string,
): Promise<Map<string, Verdict>> {
  const executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
  try {
    const references = [{ language, source: right }];
    return (await runPreflight(executor, { language, references, limits: LIMITS })).verdicts;
  } finally {
    await executor.close();
  }
}
