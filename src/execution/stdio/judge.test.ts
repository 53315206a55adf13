import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../types.js';
import { DEFAULT_TOLERANCE } from './compare.js';
import { fileTokenDigest, stdioJudge, tokenDigest } from './judge.js';

const CASES = [
  { input: '1 2\n', output: '3\n' },
  { input: '2 2\n', output: '4\n' },
];
const RAW: Verdict = { status: 'passed', durationMs: 900, cpuMs: 700 };
const judge = stdioJudge(CASES, DEFAULT_TOLERANCE, 500);
/** The driver's lines, spaced as Python's json.dumps writes them (the judge reads only those). */
const report = (...lines: object[]) =>
  lines
    .map((line) => JSON.stringify(line).replaceAll('":', '": ').replaceAll(',"', ', "'))
    .join('\n');

describe('the stdio judge on a time-out', () => {
  it('a test over its CPU limit is a final timeout: no machine would run it faster', () => {
    const ok = { e: 't', i: 0, s: 'ok', o: '3\n', ms: 20 };
    const verdict = judge.decide(RAW, report(ok, { e: 't', i: 1, s: 'tle', ms: 520, by: 'cpu' }));
    expect(verdict).toMatchObject({ status: 'timeout', errorType: 'TimeLimitExceeded' });
    expect(verdict.message).toBe('test 2 of 2 (input "2 2\\n"): over the 0.5 s limit');
    expect(verdict.finalTimeout).toBe(true);
  });

  it('one the wall-clock backstop stopped (asleep, blocked, or starved) may be re-run', () => {
    for (const line of [
      { e: 't', i: 0, s: 'tle', ms: 3, by: 'wall' },
      { e: 't', i: 0, s: 'tle', ms: 3 }, // a driver that does not say
    ]) {
      const verdict = judge.decide(RAW, report(line));
      expect(verdict).toMatchObject({ status: 'timeout', errorType: 'TimeLimitExceeded' });
      expect(verdict.finalTimeout).toBeUndefined();
    }
  });
});

describe('fileTokenDigest', () => {
  it('is tokenDigest of the file, whichever pieces it is read in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-digest-'));
    try {
      for (const text of [
        '',
        ' \n ',
        'a',
        '  1 22\t333\n\n4444 ',
        'x\u00e9y z\n',
        '7 '.repeat(50),
      ]) {
        const path = join(dir, 'out');
        writeFileSync(path, text);
        for (const piece of [1, 2, 3, 7, 1 << 20]) {
          expect(await fileTokenDigest(path, piece), `${JSON.stringify(text)} in ${piece}`).toBe(
            tokenDigest(text),
          );
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
