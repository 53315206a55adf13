import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressReporter } from './progress.js';

/** A log file or pipe as the reporter sees it: not a terminal, every write kept. */
function offTerminal() {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (text: string) => lines.push(text) };
  return { lines, stream: stream as unknown as NodeJS.WriteStream };
}

const verdict = (done: number, passed: number) =>
  ({
    type: 'verdict',
    id: `p#${done}`,
    verdict: { status: 'passed', durationMs: 1 },
    done,
    total: 4,
    passed,
  }) as const;

describe('scoring progress off a terminal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prints a line every interval on a timer, between verdicts too, and stops at the last', () => {
    vi.useFakeTimers();
    const { lines, stream } = offTerminal();
    const report = progressReporter(stream, 1000);
    report({ type: 'execution-start', programs: 4 });
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1000); // no verdict yet: a long program is still running
    expect(lines[0]).toMatch(
      /^passk: scoring 0\/4 programs \(0%\) · pass 0\.0% · \d+s elapsed · ETA \?\n$/,
    );
    report(verdict(1, 1));
    report(verdict(2, 1));
    expect(lines).toHaveLength(1); // verdicts print nothing themselves
    vi.advanceTimersByTime(1000);
    expect(lines[1]).toMatch(
      /^passk: scoring 2\/4 programs \(50%\) · pass 50\.0% · \d+s elapsed · ETA \d+s\n$/,
    );
    report(verdict(4, 2));
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(2);
  });

  it('stops when execution ends before every program was judged (drained, failed)', () => {
    vi.useFakeTimers();
    const { lines, stream } = offTerminal();
    const report = progressReporter(stream, 1000);
    report({ type: 'execution-start', programs: 4 });
    report({ type: 'execution-done', durationMs: 1 });
    vi.advanceTimersByTime(5000);
    expect(lines).toEqual([]);
  });
});
