import { createHash } from 'node:crypto';
import type { Diagnosis } from './runtimes/types.js';
import type { RawOutcome } from './sandboxes/types.js';
import type { Verdict } from './types.js';

/** One line of the runner's result channel (see python/runner.py `_report`). */
interface ReportEvent {
  e: 'end' | 'exc' | 'exit' | 'tamper';
  /** tamper: what the program did that only an attack does, e.g. 'top-level-return'. */
  r?: string;
  /** exc: 'assert' | 'memory' | 'other'. */
  k?: string;
  t?: string;
  m?: string;
  c?: string;
}

/**
 * The key a harness tags its failure and tamper events with instead of the nonce, so that no
 * event written before the tests ended carries the nonce: a program that catches such an event
 * (fd 3 re-pointed to its own file) learns nothing it could forge an end event with. The nonce
 * cannot be recovered from it (SHA-256). node-support.ts computes the same key.
 */
export function failureKey(nonce: string): string {
  return createHash('sha256').update(`passk-failure:${nonce}`).digest('hex').slice(0, 32);
}

/**
 * Result lines that carry this program's nonce, or its failure key (any event but the end);
 * anything else on the channel is ignored.
 */
export function parseReport(report: string, nonce: string): ReportEvent[] {
  const key = failureKey(nonce);
  const events: ReportEvent[] = [];
  for (const line of report.split('\n')) {
    if (!line.includes(nonce) && !line.includes(key)) continue;
    try {
      const parsed = JSON.parse(line) as { n?: unknown; e?: unknown };
      if (typeof parsed.e !== 'string') continue;
      if (parsed.n === nonce || (parsed.n === key && parsed.e !== 'end'))
        events.push(parsed as ReportEvent);
    } catch {
      // A torn or forged line is not a report.
    }
  }
  return events;
}

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
  const events = parseReport(outcome.report, nonce);
  const tamper = events.find((event) => event.e === 'tamper')?.r ?? tamperMark(outcome);
  if (tamper) return tampered(with_, tamper);
  const exception = events.find((event) => event.e === 'exc');
  if (exception) {
    const status =
      exception.k === 'assert' ? 'failed' : exception.k === 'memory' ? 'memory' : 'error';
    return with_(status, exception.t ?? 'Exception', exception.m);
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
 * channel cannot be trusted (fd 3 re-pointed) or a language has no keyed channel (scripts, Go's
 * test main), then exits non-zero. A program can print it too: that only fails the program.
 */
export const TAMPER_MARK = 'passk: tamper: ';

function tamperMark(outcome: RawOutcome): string | undefined {
  if (outcome.exitCode === 0) return undefined;
  return /^passk: tamper: ([\w-]+)$/m.exec(outcome.stderrTail)?.[1];
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
