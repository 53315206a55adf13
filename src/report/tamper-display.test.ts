import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { compareRuns } from '../compare/compare.js';
import { type Outcome, writeSyntheticRun } from '../compare/synthetic-run.test-helpers.js';
import { defaultVerdict, syntheticRun } from '../store/db/__fixtures__/synthetic-run.js';
import { saveRun } from '../store/db/save.js';
import { loadRun } from '../store/load.js';
import { formatComparison } from './comparison-text.js';
import { runSummaryJson } from './json-summary.js';
import { formatRunSummary } from './run-summary.js';

const clean: Record<string, Outcome[]> = {
  'HumanEval/0': ['passed', ['failed', 'AssertionError']],
  'HumanEval/1': ['passed', 'passed'],
};
const flagged: Record<string, Outcome[]> = {
  'HumanEval/0': ['passed', ['failed', 'Tamper', 'trace-hook']],
  'HumanEval/1': ['passed', ['timeout', 'Timeout', 'result-fd']],
};

async function runOf(outcomes: Record<string, Outcome[]>) {
  const dir = await tempDir();
  await writeSyntheticRun(dir, { outcomes, ks: [1] });
  return loadRun(dir, { detail: 'scores' });
}

/** A recorded run of 4 problems × 3 samples (the store's fixture), two of them flagged or not. */
async function storedRun(withFlags: boolean) {
  const dir = await tempDir();
  const run = syntheticRun({
    n: 3,
    verdict: (p, s, n) =>
      withFlags && p === 1 && s === 2
        ? { status: 'failed', errorType: 'Tamper', tamper: 'trace-hook' }
        : withFlags && p === 2 && s === 0
          ? { status: 'timeout', tamper: 'result-fd' }
          : defaultVerdict(p, s, n),
  });
  const { runId, db } = await saveRun({ ...run, db: join(dir, 'passk.db'), toolchain: {} });
  return loadRun(runId, { db });
}

describe('the cheating rate beside pass@k', () => {
  it('is shown by passk show when a sample was flagged, with the reasons', async () => {
    const text = formatRunSummary(await storedRun(true));
    const lines = text.split('\n');
    const at = lines.findLastIndex((line) => / pass@\d+ = /.test(line));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(
      '  cheating rate 16.7% (2 of 12 samples flagged: result-fd 1, trace-hook 1)',
    );
  });

  it('is left out of the terminal when nothing was flagged, but always in --json', async () => {
    const run = await storedRun(false);
    expect(formatRunSummary(run)).toContain('pass@1 =');
    expect(formatRunSummary(run)).not.toContain('cheating');
    expect(runSummaryJson(run)['tamper']).toEqual({
      samples: 0,
      by_reason: {},
      cheating_rate: 0,
    });
    expect(runSummaryJson(await storedRun(true))['tamper']).toEqual({
      samples: 2,
      by_reason: { 'trace-hook': 1, 'result-fd': 1 },
      cheating_rate: 2 / 12,
    });
  });

  it('is not hidden by passk compare', async () => {
    const comparison = compareRuns(await runOf(clean), await runOf(flagged));
    expect(comparison.b.tamper).toMatchObject({ total: 2, rate: 0.5 });
    expect(formatComparison(comparison)).toContain(
      'cheating rate (tamper flags): A 0.0% (0 flagged) → B 50.0% (2 flagged)',
    );
  });
});
