import { describe, expect, it } from 'vitest';
import type { RawOutcome } from './sandboxes/types.js';
import { classify, failureKey, lastErrorLine, parseReport } from './verdict.js';

const NONCE = 'n0nce';
const line = (fields: Record<string, string>) => `${JSON.stringify({ n: NONCE, ...fields })}\n`;
const outcome = (over: Partial<RawOutcome>): RawOutcome => ({
  exitCode: 0,
  signal: null,
  timedOut: false,
  outputExceeded: false,
  report: '',
  stderrTail: '',
  durationMs: 5,
  ...over,
});

describe('classify', () => {
  it('reads failure and tamper events under the failure key, never an end event', () => {
    const keyed = (fields: Record<string, string>) =>
      `${JSON.stringify({ n: failureKey(NONCE), ...fields })}\n`;
    expect(failureKey(NONCE)).not.toContain(NONCE);
    // An end under the failure key is a forged line (result-events.ts): tamper, never a pass.
    const end = outcome({ report: keyed({ e: 'end' }) });
    expect(classify(end, NONCE)).toMatchObject({ status: 'failed', tamper: 'forged-event' });
    const exc = outcome({ exitCode: 1, report: keyed({ e: 'exc', k: 'assert', t: 'X', m: '' }) });
    expect(classify(exc, NONCE)).toMatchObject({ status: 'failed', errorType: 'X' });
    const tamper = outcome({ exitCode: 1, report: keyed({ e: 'tamper', r: 'top-level-return' }) });
    expect(classify(tamper, NONCE)).toMatchObject({ status: 'failed', tamper: 'top-level-return' });
  });

  it('a tamper event or mark outweighs an end event: never a pass', () => {
    const both = line({ e: 'tamper', r: 'linkname' }) + line({ e: 'end' });
    expect(classify(outcome({ report: both }), NONCE)).toMatchObject({
      status: 'failed',
      tamper: 'linkname',
    });
    const marked = outcome({ exitCode: 1, stderrTail: 'x\npassk: tamper: assert-rebound\n' });
    expect(classify(marked, NONCE)).toMatchObject({ status: 'failed', tamper: 'assert-rebound' });
  });

  it('passes only with the sentinel and exit status 0', () => {
    expect(classify(outcome({ report: line({ e: 'end' }) }), NONCE)?.status).toBe('passed');
    expect(classify(outcome({ report: line({ e: 'end' }), exitCode: 3 }), NONCE)?.status).toBe(
      'error',
    );
    expect(classify(outcome({}), NONCE)?.status).toBe('incomplete');
  });

  it("flags the runner's refusal of a trace hook during the tests as tamper 'trace-hook'", () => {
    const refused = (m: string) =>
      classify(
        outcome({ exitCode: 1, report: line({ e: 'exc', k: 'other', t: 'RuntimeError', m }) }),
        NONCE,
      );
    expect(refused('passk: sys.settrace is not available to the tests')).toMatchObject({
      status: 'error',
      tamper: 'trace-hook',
    });
    expect(refused('passk: sys.setprofile is not available to the tests').tamper).toBe(
      'trace-hook',
    );
    expect(refused('some other error').tamper).toBeUndefined();
  });

  it('calls a sentinel with another nonce a forged line: tamper, never a pass', () => {
    const forged = `${JSON.stringify({ n: 'other', e: 'end' })}\n`;
    expect(classify(outcome({ report: forged }), NONCE)).toMatchObject({
      status: 'failed',
      tamper: 'forged-event',
    });
  });

  it('a failure event with a second "e": "end" is a forgery, not the end of the tests', () => {
    const doubled = `{"n": "${NONCE}", "e": "exc", "k": "assert", "t": "X", "m": "", "e": "end"}\n`;
    expect(classify(outcome({ report: doubled }), NONCE)).toMatchObject({
      status: 'failed',
      errorType: 'Tamper',
      tamper: 'forged-event',
    });
  });

  it("carries the runner's tamper event as the verdict's tamper reason", () => {
    const report = `${line({ e: 'end' })}{"e": "tamper", "r": "builtins-patched"}\n`;
    expect(classify(outcome({ report }), NONCE)).toMatchObject({
      status: 'failed',
      tamper: 'builtins-patched',
    });
  });

  it('maps exceptions to failed, memory and error with the exception type', () => {
    const exc = (k: string, t: string) =>
      classify(outcome({ exitCode: 1, report: line({ e: 'exc', k, t, m: 'boom' }) }), NONCE);
    expect(exc('assert', 'AssertionError')?.status).toBe('failed');
    expect(exc('memory', 'MemoryError')?.status).toBe('memory');
    expect(exc('other', 'NameError')).toMatchObject({
      status: 'error',
      errorType: 'NameError',
      message: 'boom',
    });
  });

  it('calls any SystemExit before the end incomplete, whatever its code', () => {
    expect(classify(outcome({ report: line({ e: 'exit', c: '0' }) }), NONCE)?.status).toBe(
      'incomplete',
    );
    expect(
      classify(outcome({ exitCode: 2, report: line({ e: 'exit', c: '2' }) }), NONCE)?.status,
    ).toBe('incomplete');
  });

  it('puts the harness kills first: timeout, then output limit', () => {
    const ended = line({ e: 'end' });
    expect(
      classify(outcome({ timedOut: true, signal: 'SIGKILL', report: ended }), NONCE)?.status,
    ).toBe('timeout');
    expect(classify(outcome({ outputExceeded: true, signal: 'SIGKILL' }), NONCE)?.status).toBe(
      'output-limit',
    );
    expect(classify(outcome({ exitCode: null, signal: 'SIGXCPU' }), NONCE)?.status).toBe('timeout');
    expect(classify(outcome({ exitCode: null, signal: 'SIGSEGV' }), NONCE)).toMatchObject({
      status: 'killed',
      errorType: 'SIGSEGV',
    });
  });

  it('falls back to the traceback when there is no report', () => {
    const stderr =
      'Traceback (most recent call last):\n  File "x"\nZeroDivisionError: division by zero\n';
    expect(classify(outcome({ exitCode: 1, stderrTail: stderr }), NONCE)).toMatchObject({
      status: 'error',
      errorType: 'ZeroDivisionError',
    });
  });

  it('never lets exit status or stderr claim a harness failure: those are program errors', () => {
    for (const [exitCode, stderrTail] of [
      [70, 'passk runner setup failed: x'],
      [127, 'passk exec failed: /usr/bin/node: not found'],
    ] as const) {
      expect(classify(outcome({ exitCode, stderrTail }), NONCE)).toMatchObject({
        status: 'error',
        exitCode,
      });
    }
  });

  it('turns a cgroup memory kill, an unremovable leftover and an unwritable source into verdicts', () => {
    expect(
      classify(outcome({ exitCode: null, signal: 'SIGKILL', memoryExceeded: true }), NONCE),
    ).toMatchObject({ status: 'memory', errorType: 'MemoryLimit' });
    const ended = line({ e: 'end' });
    expect(
      classify(outcome({ exitCode: 0, report: ended, cleanupFailed: 'left more than 5' }), NONCE),
    ).toMatchObject({ status: 'error', errorType: 'CleanupFailed' });
    expect(
      classify(outcome({ exitCode: null, writeFailed: 'No space left' }), NONCE),
    ).toMatchObject({ status: 'error', errorType: 'WriteFailed' });
  });
});

describe('report parsing', () => {
  it('keeps only well-formed lines with the nonce', () => {
    const text = `garbage\n${line({ e: 'end' })}{"e": "o", "i": "1"}\n`;
    expect(parseReport(text, NONCE)).toEqual([{ e: 'end' }]);
  });

  it('reads the exception class off a traceback', () => {
    expect(lastErrorLine('x\nmodule.KeyError: 3')).toEqual({ type: 'KeyError', message: '3' });
    expect(lastErrorLine('no error here')).toBeUndefined();
  });
});
