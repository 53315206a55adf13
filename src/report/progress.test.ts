import { describe, expect, it } from 'vitest';
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
  it('prints a line once its interval has passed (here 0: every verdict), as generation does', () => {
    const { lines, stream } = offTerminal();
    const report = progressReporter(stream, 0);
    report({ type: 'execution-start', programs: 4 });
    report(verdict(1, 1));
    report(verdict(2, 1));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^passk: scoring 2\/4 programs \(50%\) · pass 50\.0% · \d+s elapsed · ETA \d+s\n$/,
    );
  });
});
