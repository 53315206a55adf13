import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stdioProgram } from './program.js';

/**
 * The driver itself (real Python, no sandbox: what it reports, not what the sandbox stops): a
 * candidate that loops is stopped with a 'tle' line that says what decided it. 'cpu' (the usual
 * case: the driver watches the test's CPU time) makes the verdict final; 'wall' is the backstop
 * (3 × limit + 1 s), which only a machine too loaded to give the loop 0.2 s of CPU in 1.6 s
 * reaches first. Either way the line must agree with the CPU time it reports.
 */
const work = mkdtempSync(join(tmpdir(), 'passk-stdio-driver-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function driverLines(source: string, limitMs: number): Record<string, unknown>[] {
  const cases = [{ input: '1\n', output: '1\n' }];
  const program = stdioProgram({ language: 'python', source, cases, limitMs });
  const run = spawnSync('/usr/bin/python3', ['-I', '-S', '-c', program.source], {
    cwd: mkdtempSync(join(work, 'run-')),
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const channel = String(run.output[3] ?? '');
  return channel
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('the stdio driver on a candidate that loops', () => {
  it('reports a tle decided on CPU (or, when starved, by the wall clock) that agrees with its CPU', () => {
    const [line, done] = driverLines('while True:\n    pass\n', 200);
    expect(done).toEqual({ e: 'done' });
    expect(line).toMatchObject({ e: 't', i: 0, s: 'tle' });
    const ms = line!['ms'] as number;
    expect(['cpu', 'wall']).toContain(line!['by']);
    if (line!['by'] === 'cpu') expect(ms).toBeGreaterThanOrEqual(200);
    else expect(ms).toBeLessThanOrEqual(200);
  });

  it('says nothing of the kind for a test within its limit', () => {
    const [line] = driverLines('print(input())\n', 200);
    expect(line).toMatchObject({ e: 't', i: 0, s: 'ok', o: '1\n' });
    expect(line).not.toHaveProperty('by');
  });
});
