import type { RawOutcome } from './sandboxes/types.js';
import type { Verdict } from './types.js';
import { exceptionOutcome, failedExit, lastErrorLine } from './verdict.js';

/** Bump when the outside judge's behaviour changes (worker/judge_process.py, values.py). */
export const OUTSIDE_JUDGE_VERSION = 'outside-py-2';

/**
 * One line of the judge process's verdict pipe (worker/judge_process.py). The pipe is held only by
 * the judge and the worker, so no nonce: nothing the candidate writes reaches it.
 */
interface JudgeEvent {
  e: 'tests' | 'end' | 'exc' | 'top' | 'exit' | 'gone' | 'corrupt' | 'fallback';
  k?: string;
  t?: string;
  m?: string;
  c?: string;
}

function judgeEvents(report: string): JudgeEvent[] {
  const events: JudgeEvent[] = [];
  for (const line of report.split('\n')) {
    if (line === '') continue;
    try {
      const parsed = JSON.parse(line) as { e?: unknown };
      if (typeof parsed.e === 'string') events.push(parsed as JudgeEvent);
    } catch {
      // the judge writes whole lines; a torn one means it was killed mid-write: no event
    }
  }
  return events;
}

/** The reason the judge asked for an in-process run, if it did. */
export function fallbackReason(outcome: RawOutcome): string | undefined {
  const event = judgeEvents(outcome.report).find((candidate) => candidate.e === 'fallback');
  return event && (event.m ?? 'the judge asked for it');
}

const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * The verdict of an outside-judged pair. 'passed' needs the judge's own "end" (its tests ran to
 * their last statement) and a judge that exited 0; a judge that ended without a verdict line is
 * an error, never a pass. Exit status and signal are the candidate's, and only when its process
 * ended on its own (the worker kills it once the judge is done).
 */
export function classifyOutside(outcome: RawOutcome): Verdict {
  const base: Verdict = { status: 'passed', durationMs: outcome.durationMs, placement: 'outside' };
  if (outcome.cpuMs !== undefined) base.cpuMs = outcome.cpuMs;
  if (outcome.waitMs !== undefined) base.waitMs = outcome.waitMs;
  if (outcome.serverEnded && outcome.exitCode !== null) base.exitCode = outcome.exitCode;
  if (outcome.serverEnded && outcome.signal !== null) base.signal = outcome.signal;
  const with_ = (status: Verdict['status'], errorType: string, message?: string): Verdict => ({
    ...base,
    status,
    errorType,
    ...(message ? { message: short(message) } : {}),
  });
  if (outcome.timedOut)
    return with_('timeout', 'Timeout', 'killed at the time limit (candidate and judge)');
  if (outcome.cleanupFailed) return with_('error', 'CleanupFailed', outcome.cleanupFailed);
  if (outcome.memoryExceeded)
    return with_('memory', 'MemoryLimit', 'killed at the memory limit (cgroup)');
  if (outcome.outputExceeded)
    return with_('output-limit', 'OutputLimit', 'wrote more than the output cap');
  const event = judgeEvents(outcome.report).find((candidate) => candidate.e !== 'tests');
  if (event === undefined || outcome.judgeExit !== undefined) {
    const why = outcome.judgeStderr ? lastErrorLine(outcome.judgeStderr)?.type : undefined;
    return with_(
      'error',
      'JudgeEnded',
      `the judge process ended without a verdict${why ? ` (${why})` : ''}`,
    );
  }
  return fromEvent(event, outcome, base, with_);
}

function fromEvent(
  event: JudgeEvent,
  outcome: RawOutcome,
  base: Verdict,
  with_: (status: Verdict['status'], errorType: string, message?: string) => Verdict,
): Verdict {
  switch (event.e) {
    case 'end':
      return base;
    case 'exc':
    case 'top': {
      const { status, errorType } = exceptionOutcome(event.k, event.t);
      return with_(status, errorType, event.m);
    }
    case 'exit':
      return with_(
        'incomplete',
        'SystemExit',
        `exited (code ${event.c ?? 'None'}) before the tests ended`,
      );
    case 'gone':
      return serverGone(outcome, with_);
    default:
      return with_(
        'failed',
        'ProtocolError',
        `the candidate's process broke the call protocol: ${event.m ?? event.e}`,
      );
  }
}

/** The candidate's process stopped answering: how it ended decides the status. */
function serverGone(
  outcome: RawOutcome,
  with_: (status: Verdict['status'], errorType: string, message?: string) => Verdict,
): Verdict {
  if (!outcome.serverEnded)
    return with_(
      'failed',
      'ProtocolError',
      "the candidate's process closed its end of the call pipe",
    );
  if (outcome.signal === 'SIGXCPU')
    return with_('timeout', 'CpuLimit', 'killed at the CPU-time limit');
  if (outcome.signal !== null) return with_('killed', outcome.signal, `ended by ${outcome.signal}`);
  if (outcome.exitCode === 0)
    return with_(
      'incomplete',
      'EarlyExit',
      "the candidate's process exited 0 before the tests ended",
    );
  return failedExit(outcome, with_);
}
