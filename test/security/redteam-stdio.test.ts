/**
 * Redteam: a stdin/stdout candidate must not escape its per-test CPU limit by doing the work in a
 * process it orphans (double fork + setsid). The driver measured the direct child's CPU (wait4)
 * only, so a program too slow for the limit passed (the wall-clock backstop, 3× the limit + 1 s,
 * was its only bound). Now the driver is a child subreaper: orphans come back to it, are killed
 * and reaped after each test, and their CPU counts. Real sandbox, real Python.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stdioProgram } from '../../src/execution/stdio/index.js';
import type { Verdict } from '../../src/execution/types.js';
import { securityExecutorForFile } from '../helpers/security-executor.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');
/**
 * A Python loop of N steps, about 0.6 s of CPU: twice the limit below. Low, because the loop
 * costs what it runs (the offload's grandchild runs it whole), and the grandchild must finish
 * before the wall-clock backstop (3 × 0.3 s + 1 s) kills it: a program killed there is too slow
 * whether or not its orphans' CPU counts.
 */
const N = 12_000_000;
const LIMIT_MS = 300;
const CASES = [{ input: String(N), output: String((N * (N - 1)) / 2) }];

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

async function judged(
  sources: Record<string, string>,
  cases = CASES,
  limitMs = LIMIT_MS,
): Promise<Map<string, Verdict>> {
  const jobs = Object.entries(sources).map(([id, source]) => ({
    id,
    program: stdioProgram({ language: 'python', source, cases, limitMs }),
    limits: { timeoutMs: 120_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 },
  }));
  return executor().run(jobs);
}

const FAST = 'n = int(input())\nprint(n * (n - 1) // 2)\n';
// Right and quick, with a helper process it waits for: a child's CPU is no reason to fail.
const FAST_WITH_CHILD = `import os
n = int(input())
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
print(n * (n - 1) // 2)
`;
const SLOW = 'n = int(input())\ntotal = 0\nfor i in range(n):\n    total += i\nprint(total)\n';

describe('stdio: CPU spent in orphaned processes counts', () => {
  it('a too-slow program that works in an orphaned grandchild exceeds the limit', async () => {
    const verdicts = await judged({
      fast: FAST,
      child: FAST_WITH_CHILD,
      slow: SLOW,
      offload: readFileSync(join(FIXTURES, 'stdio-offload.py'), 'utf8'),
    });
    expect(verdicts.get('fast')?.status).toBe('passed');
    expect(verdicts.get('child')?.status).toBe('passed');
    expect(verdicts.get('slow')).toMatchObject({
      status: 'timeout',
      errorType: 'TimeLimitExceeded',
    });
    expect(verdicts.get('offload')).toMatchObject({
      status: 'timeout',
      errorType: 'TimeLimitExceeded',
    });
  }, 300_000);

  it('a process a test leaves does not live on into the next test', async () => {
    const cases = [
      { input: 'start', output: 'started' },
      { input: '21', output: '42' },
    ];
    // The fixture sleeps up to 2 s waiting for its survivor: a 3 s limit (10 s backstop).
    const verdicts = await judged(
      { survivor: readFileSync(join(FIXTURES, 'stdio-survivor.py'), 'utf8') },
      cases,
      3000,
    );
    expect(verdicts.get('survivor')).toMatchObject({ status: 'failed', errorType: 'WrongAnswer' });
    expect(verdicts.get('survivor')?.message).toContain('got "alone"');
  }, 120_000);

  it("the candidate cannot reach its driver's result fd or memory", async () => {
    const cases = [{ input: '', output: 'PermissionError PermissionError nofd3' }];
    const verdicts = await judged(
      { reach: readFileSync(join(FIXTURES, 'stdio-reach-driver.py'), 'utf8') },
      cases,
    );
    expect(verdicts.get('reach')?.status).toBe('passed');
  }, 120_000);
});
