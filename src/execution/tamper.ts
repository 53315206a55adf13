import type { Verdict } from './types.js';

/** The errorType of a verdict that would have passed but for its tamper flag. */
export const TAMPER_ERROR_TYPE = 'Tamper';

/**
 * The one rule for tamper flags: a verdict whose program did something only an attack does is
 * never a pass. A 'passed' verdict with a reason becomes 'failed' (errorType 'Tamper'); any other
 * status stays what it is and keeps the reason, so the run still counts the attempt. `flagged`
 * is the reason the runtime set before an outside judge or a review rewrote the verdict: a judge
 * that builds a fresh verdict must not wash the flag off.
 */
export function withTamperRule(verdict: Verdict, flagged?: string): Verdict {
  const tamper = verdict.tamper ?? flagged;
  if (tamper === undefined) return verdict;
  if (verdict.status !== 'passed') return { ...verdict, tamper };
  return {
    ...verdict,
    status: 'failed',
    errorType: TAMPER_ERROR_TYPE,
    message: `the program tampered with the harness (${tamper}); never a pass`,
    tamper,
  };
}
