import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judged } from '../judge.js';
import type { Program, Verdict } from '../types.js';
import { checkerJudge } from './checker-judge.js';
import { tokenDigest } from './judge.js';

const ANSWERS = ['1 2 3\n', '4 5 6\n', '7 8 9\n'];
const NAMES = ['t0', 't1', 't2'];
const PASSED: Verdict = { status: 'passed', durationMs: 100, cpuMs: 80 };

/** A built-tests folder with the answers (no checker: these reports carry digests only). */
function testsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'passk-checker-judge-'));
  mkdirSync(join(dir, 'out'));
  for (const [i, answer] of ANSWERS.entries())
    writeFileSync(join(dir, 'out', `${NAMES[i]}.out`), answer);
  return dir;
}

/** A driver's report (its JSON lines as Python writes them) in which every output came back as its token digest. */
const digestReport = (outputs: readonly string[]) =>
  outputs.map((o, i) => `{"e": "t", "i": ${i}, "s": "ok", "h": "${tokenDigest(o)}"}`).join('\n');

describe('checkerJudge past the output budget', () => {
  it('continues from the first test whose digest is not the answer, once earlier ones fit', async () => {
    const dir = testsDir();
    const asked: number[] = [];
    const judge = checkerJudge({
      testsDir: dir,
      inputsDir: dir,
      cases: NAMES,
      limitMs: 1000,
      continueFrom: (index) => {
        asked.push(index);
        return { language: 'python', source: `# from ${index}` };
      },
    });
    // Test t1's output is another right answer, perhaps: only the checker could tell.
    const report = digestReport([ANSWERS[0]!, '6 5 4\n', ANSWERS[2]!]);
    const ran: Program[] = [];
    const continued: Verdict = { status: 'passed', durationMs: 40, cpuMs: 30 };
    const verdict = await judged(PASSED, report, judge, async (program) => {
      ran.push(program);
      return continued;
    });
    expect(asked).toEqual([1]);
    expect(ran.map((p) => p.source)).toEqual(['# from 1']);
    // The sample's verdict is the continuation's, and it took both runs.
    expect(verdict).toEqual({ status: 'passed', durationMs: 140, cpuMs: 110 });
    // An executor that cannot continue gets the WA the digest alone says.
    const alone = await judged(PASSED, report, judge);
    expect(alone.status).toBe('failed');
    expect(alone.message).toMatch(/^WA on test t1 \(2 of 3; 1 AC before it\): an output too large/);
  });

  it('does not continue when the first test of the run is the one past the budget', async () => {
    const dir = testsDir();
    const judge = checkerJudge({
      testsDir: dir,
      inputsDir: dir,
      cases: NAMES.slice(1),
      limitMs: 1000,
      before: 1,
      continueFrom: () => {
        throw new Error('no progress: must not continue');
      },
    });
    const verdict = await judged(
      PASSED,
      digestReport(['6 5 4\n', ANSWERS[2]!]),
      judge,
      async () => {
        throw new Error('must not run');
      },
    );
    expect(verdict.status).toBe('failed');
    expect(verdict.message).toMatch(/^WA on test t1 \(2 of 3; 1 AC before it\)/);
  });

  it('accepts digests equal to the answers without a continuation', async () => {
    const dir = testsDir();
    const judge = checkerJudge({
      testsDir: dir,
      inputsDir: dir,
      cases: NAMES,
      limitMs: 1000,
      continueFrom: () => {
        throw new Error('must not continue');
      },
    });
    expect(await judged(PASSED, digestReport(ANSWERS), judge)).toEqual(PASSED);
  });
});
