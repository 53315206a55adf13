import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenDigest } from './judge.js';
import { type StdioProgramSpec, stdioProgram } from './program.js';

/**
 * The driver itself (real Python, no sandbox: what it reports, not what the sandbox stops): a
 * candidate that loops is stopped with a 'tle' line that says what decided it. 'cpu' (the usual
 * case: the driver watches the test's CPU time) makes the verdict final; 'wall' is the backstop
 * (3 × limit + 1 s), which only a machine too loaded to give the loop 0.2 s of CPU in 1.6 s
 * reaches first. Either way the line must agree with the CPU time it reports.
 */
const work = mkdtempSync(join(tmpdir(), 'passk-stdio-driver-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function driverLines(
  source: string,
  limitMs: number,
  options: Partial<StdioProgramSpec> = {},
): Record<string, unknown>[] {
  const cases = [{ input: '1\n', output: '1\n' }];
  const program = stdioProgram({ language: 'python', source, cases, limitMs, ...options });
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

/**
 * Prints TEXT (below; made in Python, as a 2 MB source is too long for an argument) in pieces of
 * `size` bytes, flushing each: tokens run across the pipe's reads.
 */
const inPieces = (size: number, make = 'TEXT') =>
  `import sys\nparts = ["%d\\n\\n" % i if i % 7 == 0 else "%d \\t" % i for i in range(300000)]\nTEXT = "  " + "".join(parts) + "\\n"\ndata = (${make}).encode()\nfor i in range(0, len(data), ${size}):\n    sys.stdout.buffer.write(data[i:i + ${size}])\n    sys.stdout.flush()\n`;

describe('the stdio driver on large outputs (read from a pipe as they come)', () => {
  const text = `  ${Array.from({ length: 300_000 }, (_, i) => (i % 7 === 0 ? `${i}\n\n` : `${i} \t`)).join('')}\n`;

  it('sends the digest of the tokens, whichever pieces they came in', () => {
    for (const size of [4099, 65_537]) {
      const [line] = driverLines(inPieces(size), 5000);
      expect(line).toMatchObject({ e: 't', s: 'ok', h: tokenDigest(text) });
    }
  });

  it('sends a checker the whole output compressed while it fits the budget', () => {
    const [line] = driverLines(inPieces(65_537), 5000, { outputBudget: 8 << 20 });
    const packed = Buffer.from(line!['z'] as string, 'base64');
    expect(inflateSync(packed).toString()).toBe(text);
  });

  it('ends a test whose output passes output_max as a crash', () => {
    const [line] = driverLines(inPieces(65_536, '"7 " * (1 << 20)'), 5000, {
      outputMax: 1 << 20,
    });
    expect(line).toMatchObject({ e: 't', s: 'crash', g: 'SIGXFSZ' });
  });
});
