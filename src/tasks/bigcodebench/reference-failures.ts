/**
 * The BigCodeBench v0.1.4 references that fail in passk's sandbox with Debian 12's libraries
 * (measured with `passk run --task bigcodebench-complete --model reference`; see
 * docs/bigcodebench.md), by cause. Upstream publishes its ground-truth pass rate beside scores
 * for the same reason: a score is bounded by what the environment lets the references pass.
 */
export const REFERENCE_FAILURES: Readonly<Record<string, readonly number[]>> = {};

/** When and where the list above was measured. */
export const REFERENCE_MEASURED = 'FILL';

/** Task ids whose reference fails here. */
export const FAILING_REFERENCES: ReadonlySet<string> = new Set(
  Object.values(REFERENCE_FAILURES)
    .flat()
    .map((n) => `BigCodeBench/${n}`),
);

/** The reference pass rate over `ids` as measured here. */
export function referencePassRate(ids: readonly string[]): {
  passed: number;
  total: number;
  rate: number;
} {
  const passed = ids.filter((id) => !FAILING_REFERENCES.has(id)).length;
  return { passed, total: ids.length, rate: ids.length === 0 ? 0 : passed / ids.length };
}
