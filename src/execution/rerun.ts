import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Verdict } from './types.js';

/** A timeout that used at least this share of its wall limit as CPU had the CPU it needed. */
export const FULL_CPU_SHARE = 0.9;
/** Below this share the program got (or took) far less CPU than the limit allowed. */
export const LOW_CPU_SHARE = 0.5;
/** CPU pressure (share of time runnable tasks waited for a core) above which the machine is overloaded. */
export const OVERLOAD_PRESSURE = 0.5;

/** Why a timeout is run a second time; absent when a re-run could not change the verdict. */
export type RerunReason = NonNullable<Verdict['rerunReason']>;

/**
 * Whether a timeout could be the machine's fault. A program that used ≥ 90% of its limit as CPU
 * would time out again whatever the load, so it is final. One whose own time (wall minus waiting
 * for a CPU, `waitMs`) fell short of the limit was cut by the wall-clock backstop while starved:
 * `overloaded`. One that used well under half may have been starved (or was blocked: a re-run
 * costs little then). In between, only an overloaded machine makes a second try worth it.
 */
export function rerunReason(
  verdict: Verdict,
  timeoutMs: number,
  pressure: () => number = cpuPressure,
): RerunReason | undefined {
  if (verdict.status !== 'timeout' || verdict.finalTimeout === true) return undefined;
  // An attack on the harness is the program's doing whatever the load: its verdict is final.
  if (verdict.tamper !== undefined) return undefined;
  if (verdict.cpuMs === undefined) return 'no-cpu-measure';
  if (verdict.cpuMs >= FULL_CPU_SHARE * timeoutMs) return undefined;
  if (
    verdict.waitMs !== undefined &&
    verdict.durationMs - verdict.waitMs < FULL_CPU_SHARE * timeoutMs
  ) {
    return 'overloaded';
  }
  if (verdict.cpuMs < LOW_CPU_SHARE * timeoutMs) return 'low-cpu';
  return pressure() >= OVERLOAD_PRESSURE ? 'overloaded' : undefined;
}

/** The part of a first-run verdict a re-run's record keeps: its status and timings. */
export function attemptOf(verdict: Verdict): NonNullable<Verdict['firstAttempt']> {
  return {
    status: verdict.status,
    durationMs: verdict.durationMs,
    ...(verdict.cpuMs === undefined ? {} : { cpuMs: verdict.cpuMs }),
  };
}

/**
 * A timeout that had its full CPU budget (or was decided on CPU time: `finalTimeout`): the same
 * program under the same limits times out again.
 */
export function usedFullCpu(verdict: Verdict, timeoutMs: number): boolean {
  if (verdict.status !== 'timeout') return false;
  if (verdict.finalTimeout === true) return true;
  return (
    verdict.errorType !== 'CompileTimeout' &&
    verdict.cpuMs !== undefined &&
    verdict.cpuMs >= FULL_CPU_SHARE * timeoutMs
  );
}

/**
 * Share of the last 10 s in which some runnable task waited for a CPU (Linux PSI), 0..1.
 * Without PSI: the 1-minute load average per core, minus one, as a rough stand-in.
 */
export function cpuPressure(): number {
  try {
    const text = readFileSync('/proc/pressure/cpu', 'utf8');
    const match = /^some avg10=([\d.]+)/m.exec(text);
    if (match?.[1]) return Number(match[1]) / 100;
  } catch {
    // no PSI (older kernel, or not Linux)
  }
  return Math.max(0, Math.min(1, loadavg()[0]! / availableParallelism() - 1));
}
