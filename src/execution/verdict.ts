import { failureKey, type ResultEvent, readReport } from './result-events.js';

export { failureKey };

import type { Diagnosis } from './languages/kit/types.js';
import type { RawOutcome } from './sandboxes/types.js';
import type { Verdict } from './types.js';
import { PROTOCOL } from './worker/protocol.js';

/** The events of a result channel (result-events.ts); kept here for existing callers. */
export function parseReport(report: string, nonce: string): ResultEvent[] {
  return readReport(report, nonce).events;
}

/**
 * The exception the EvalPlus harness raises when one input passes its own time limit
 * (tasks/plus/call.py): a `timeout` (`InputTimeLimit`) wherever the tests ran, as the outside
 * judge reports it (tasks/plus/outside-judge.ts), not an `error`. A program that raises a class
 * of that name itself only turns its failure into another failure (re-run once, as timeouts are).
 */
export const INPUT_TIME_LIMIT = '_PasskInputTimeLimit';

/** The verdict status and error type of an exception the tests ended with. */
export function exceptionOutcome(
  kind: string | undefined,
  type: string | undefined,
): { status: Verdict['status']; errorType: string } {
  if (type === INPUT_TIME_LIMIT) return { status: 'timeout', errorType: 'InputTimeLimit' };
  const status = kind === 'assert' ? 'failed' : kind === 'memory' ? 'memory' : 'error';
  return { status, errorType: type ?? 'Exception' };
}

/**
 * What the Python runner's armed guard raises when the tests' code (the candidate's function,
 * called by a test) installs a trace or profile hook (runner.py `armed`): only an attack on the
 * verdict does that. A program that forges the message only flags its own failure.
 */
const TRACE_HOOK_REFUSED = /^passk: sys\.(settrace|setprofile) is not available to the tests/;

/** The exception class on the last line of a Python traceback, e.g. 'TypeError: …' → TypeError. */
export function lastErrorLine(stderr: string): { type: string; message: string } | undefined {
  const lines = stderr.trimEnd().split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  const match = /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning))(?::\s*(.*))?$/.exec(
    last,
  );
  if (!match?.[1]) return undefined;
  return { type: match[1].split('.').at(-1)!, message: short(match[2] ?? '') };
}

function short(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * Turns what happened into a verdict. The rule that matters: 'passed' needs the runner's
 * end-of-tests sentinel (written after the program's last statement) AND exit status 0; an early
 * exit of any kind is 'incomplete', never a pass. Both backends share this function, so they agree.
 * Always a verdict about the program: nothing it can print or exit with makes this an
 * infrastructure error (harness failures arrive on the worker's own channel, see worker-slot.ts).
 */
export function classify(
  outcome: RawOutcome,
  nonce: string,
  diagnose?: (outcome: RawOutcome) => Diagnosis | undefined,
): Verdict {
  const base: Verdict = { status: 'passed', durationMs: outcome.durationMs };
  if (outcome.cpuMs !== undefined) base.cpuMs = outcome.cpuMs;
  if (outcome.waitMs !== undefined) base.waitMs = outcome.waitMs;
  if (outcome.exitCode !== null) base.exitCode = outcome.exitCode;
  if (outcome.signal !== null) base.signal = outcome.signal;
  const with_ = (status: Verdict['status'], errorType?: string, message?: string): Verdict => ({
    ...base,
    status,
    ...(errorType === undefined ? {} : { errorType }),
    ...(message ? { message: short(message) } : {}),
  });

  if (outcome.writeFailed) return with_('error', 'WriteFailed', outcome.writeFailed);
  const compiled = outcome.compile;
  if (compiled && !compiled.ok) {
    // The program never ran: a compile error is the candidate's fault, a compile timeout may not be.
    if (compiled.timedOut)
      return with_('timeout', 'CompileTimeout', 'the compiler passed the time limit');
    const verdict = with_('error', 'CompileError', compileMessage(compiled.stderrTail ?? ''));
    // the compiler's own words, for a feedback task to send back (Verdict.output)
    return compiled.stderrTail ? { ...verdict, output: compiled.stderrTail } : verdict;
  }
  if (outcome.timedOut) return with_('timeout', 'Timeout', timeoutMessage(outcome));
  if (outcome.cleanupFailed) return with_('error', 'CleanupFailed', outcome.cleanupFailed);
  if (outcome.memoryExceeded)
    return with_('memory', 'MemoryLimit', 'killed at the memory limit (cgroup)');
  if (outcome.outputExceeded)
    return with_('output-limit', 'OutputLimit', 'wrote more than the output cap');
  const { events, forged } = readReport(outcome.report, nonce);
  if (forged !== undefined) return { ...with_('failed', 'Tamper', forged), tamper: 'forged-event' };
  const tamper = events.find((event) => event.e === 'tamper')?.r ?? tamperMark(outcome);
  if (tamper) return tampered(with_, tamper);
  const exception = events.find((event) => event.e === 'exc');
  if (exception) {
    const { status, errorType } = exceptionOutcome(exception.k, exception.t);
    const verdict = with_(status, errorType, exception.m);
    return TRACE_HOOK_REFUSED.test(exception.m ?? '')
      ? { ...verdict, tamper: 'trace-hook' }
      : verdict;
  }
  const exit = events.find((event) => event.e === 'exit');
  if (exit)
    return with_(
      'incomplete',
      'SystemExit',
      `exited (code ${exit.c ?? 'None'}) before the tests ended`,
    );
  const ended = events.some((event) => event.e === 'end');
  const diagnosis = outcome.exitCode === 0 ? undefined : diagnose?.(outcome);
  if (diagnosis) {
    const verdict = with_(diagnosis.status, diagnosis.errorType, diagnosis.message);
    return diagnosis.output === undefined ? verdict : { ...verdict, output: diagnosis.output };
  }
  if (outcome.signal === 'SIGXCPU')
    return with_('timeout', 'CpuLimit', 'killed at the CPU-time limit');
  if (outcome.signal !== null) return with_('killed', outcome.signal, `ended by ${outcome.signal}`);
  if (ended && outcome.exitCode === 0) return base;
  if (ended)
    return with_('error', 'ExitStatus', `tests ended but the exit status was ${outcome.exitCode}`);
  if (outcome.exitCode === 0)
    return with_('incomplete', 'EarlyExit', 'exited 0 before the tests ended');
  return failedExit(outcome, with_);
}

/** A process that exited non-zero before the tests ended: the exception its traceback names. */
export function failedExit(
  outcome: RawOutcome,
  with_: (status: Verdict['status'], errorType: string, message?: string) => Verdict,
): Verdict {
  const fromStderr = lastErrorLine(outcome.stderrTail);
  if (fromStderr)
    return with_(
      fromStderr.type === 'MemoryError' ? 'memory' : 'error',
      fromStderr.type,
      fromStderr.message,
    );
  return with_('error', 'ExitStatus', `exit status ${outcome.exitCode}`);
}

/**
 * The line a harness prints on stderr when it refuses a program as tampering where its result
 * channel cannot be trusted (its fd re-pointed) or a language has no keyed channel (scripts, Go's
 * test main), then exits non-zero. A program can print it too: that only fails the program.
 */
export const TAMPER_MARK = PROTOCOL.markers.tamperLine;
/** TAMPER_MARK then the reason, alone on a line (the mark holds no RegExp syntax but is escaped). */
const TAMPER_LINE = new RegExp(`^${TAMPER_MARK.replace(/[^\w :]/g, '\\$&')}([\\w-]+)$`, 'm');

function tamperMark(outcome: RawOutcome): string | undefined {
  if (outcome.exitCode === 0) return undefined;
  return TAMPER_LINE.exec(outcome.stderrTail)?.[1];
}

/**
 * A program that did what only an attack on the harness does: 'failed' (never a pass, whatever
 * else it wrote), with the reason in `tamper`.
 */
function tampered(
  with_: (status: Verdict['status'], errorType?: string, message?: string) => Verdict,
  reason: string,
): Verdict {
  const why = short(reason);
  return {
    ...with_('failed', 'Tamper', `the program tampered with the harness: ${why}`),
    tamper: why,
  };
}

/** The first line of compiler output that says "error" (gcc, rustc, javac, go, tsc), else the first. */
export function compileMessage(stderr: string): string {
  // '#' lines are go's package headers; 'file:line:col:' lines are where compilers put the error.
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const found =
    lines.find((line) => /error/i.test(line)) ?? lines.find((line) => /:\d+:\d+:/.test(line));
  return short(found ?? lines[0] ?? 'compilation failed');
}

/** Which clock cut the program; with its waiting for a CPU when measured (results.jsonl keeps it). */
function timeoutMessage(outcome: RawOutcome): string {
  if (outcome.waitMs === undefined) return 'killed at the wall-clock limit';
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `killed at the time limit: ${s(outcome.durationMs - outcome.waitMs)} of its own time (${s(outcome.durationMs)} wall, ${s(outcome.waitMs)} waiting for a CPU)`;
}
