/**
 * EvalPlus's time limits (evalplus/config.py: DEFAULT_GT_TIME_LIMIT_FACTOR = 4.0 and, since
 * commit af49138 of 2025-04-02, DEFAULT_MIN_TIME_LIMIT = 4.0, was 1.0; evalplus/eval/__init__.py
 * untrusted_check): each input may take `max(min_time_limit, factor × the ground truth's time on
 * it)`, and the whole suite `min(60 s, sum of those) + 1 s`, joined for 1 s more. The ground truth
 * is timed here, on this machine, per input (call only, as gen/util trusted_exec times it), so a
 * slow machine gets longer limits.
 * passk adds its run limit (--timeout) as a floor for the suite: interpreter start-up and
 * loading the program are inside passk's wall clock, not inside EvalPlus's per-input timers.
 * And where the ground truth itself needs more than half of the 60 s cap on this machine
 * (Mbpp/599 takes ~100 s on a busy 2-core VM), the cap grows to twice the ground truth's time:
 * the reference must never time out because this machine is slower than EvalPlus's.
 */
export const DEFAULT_TIME_FACTOR = 4;
export const MIN_TIME_LIMIT_S = 4;
/** EVALPLUS_TIMEOUT_PER_TASK's default. */
const SUITE_CAP_S = 60;
/** untrusted_check's `+ 1` and its join's `timeout + 1`. */
const SUITE_SLACK_S = 2;

/** One input's limit in seconds from the ground truth's time on it. */
export function inputLimitS(gtSeconds: number, factor = DEFAULT_TIME_FACTOR): number {
  if (!(factor > 0)) throw new RangeError(`time factor must be positive, got ${factor}`);
  return Math.max(MIN_TIME_LIMIT_S, factor * gtSeconds);
}

/**
 * The suite's wall-clock limit in ms from its inputs' limits and the ground truth's total time
 * on them (seconds), at least `floorMs`.
 */
export function suiteTimeLimitMs(
  inputLimitsS: readonly number[],
  floorMs: number,
  gtTotalS = 0,
): number {
  const sum = inputLimitsS.reduce((total, s) => total + s, 0);
  const cap = Math.max(SUITE_CAP_S, 2 * gtTotalS);
  return Math.max(floorMs, Math.ceil((Math.min(cap, sum) + SUITE_SLACK_S) * 1000));
}
