/**
 * Per-problem wall-clock limits for the plus suite, from the ground truth's own measured time:
 * `max(floorMs, factor × gtMs)`. The floor is the run's limit (--timeout, else the task's
 * default, 3 s), which covers interpreter start-up and reading the program; the factor lets a
 * correct solution be several times slower than the reference (different algorithm, busy
 * machine) while a solution that is asymptotically slower on the large inputs still times out,
 * as EvalPlus intends. Measured on this machine, so a slow machine gets longer limits.
 */
export const DEFAULT_TIME_FACTOR = 5;

export function plusTimeLimitMs(gtMs: number, floorMs: number, factor = DEFAULT_TIME_FACTOR) {
  if (!(factor > 0)) throw new RangeError(`time factor must be positive, got ${factor}`);
  return Math.max(floorMs, Math.ceil(factor * gtMs));
}
