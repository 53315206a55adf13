import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../compare/compare.js';
import {
  HOSTILE_PROGRAM,
  type SyntheticVerdict,
  syntheticRun,
} from '../../store/db/__fixtures__/synthetic-run.js';
import { openRunDb } from '../../store/db/open.js';
import { loadRunDetail } from '../../store/db/query.js';
import { recordRun } from '../../store/db/record.js';
import type { RunRecord } from '../../store/records.js';
import { curveKs, passAtKCurve, problemTallies } from './analysis.js';
import { CLIENT_SCRIPT } from './client.js';
import { headline } from './headline.js';
import { defaultIntervals, type IntervalFn } from './intervals.js';
import { renderReport } from './render.js';

function detail(options: Parameters<typeof syntheticRun>[0] = {}, model = 'model-a'): RunRecord {
  const db = openRunDb(':memory:');
  const input = syntheticRun(options);
  const id = recordRun(db, { ...input, model: { name: model } });
  const run = loadRunDetail(db, id)!;
  db.close();
  return { ...run, results: [...(input.results ?? [])], runConfig: null };
}

const fixedInterval: IntervalFn = (values) => ({
  lower: Math.min(...values),
  upper: Math.max(...values),
  confidence: 0.95,
});

describe('HTML report', () => {
  it("the page's script (page-script.js) parses as JavaScript (node --check)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-client-'));
    try {
      writeFileSync(join(dir, 'client.js'), CLIENT_SCRIPT);
      const check = spawnSync(process.execPath, ['--check', join(dir, 'client.js')], {
        encoding: 'utf8',
      });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is one self-contained file: no external URL, script allowed only by its hash', () => {
    const html = renderReport([detail()]);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(/);
    const hash = createHash('sha256').update(CLIENT_SCRIPT).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toContain(`<script>${CLIENT_SCRIPT}</script>`);
  });

  it('never lets a program end the data block or become markup', () => {
    const html = renderReport([detail()]);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    // The only </script> tags are the two the page itself closes.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const json = html.match(/<script type="application\/json" id="passk-data">(.*?)<\/script>/s)!;
    const payload = JSON.parse(json[1]!) as { texts: string[] };
    expect(payload.texts).toContain(HOSTILE_PROGRAM);
  });

  it('has one grid cell per sample, in problem × sample order', () => {
    const run = detail({ n: 5 });
    const html = renderReport([run]);
    const cells = [...html.matchAll(/class="cell v-([a-z-]+)" data-i="(\d+)"/g)];
    expect(cells).toHaveLength(20);
    expect(cells.map((c) => Number(c[2]))).toEqual([...Array(20).keys()]);
    expect(cells.map((c) => c[1])).toEqual(run.samples.map((s) => s.verdict!.status));
  });

  it('adds a comparison only for two runs', () => {
    const a = detail();
    expect(renderReport([a])).not.toContain('id="comparison"');
    expect(renderReport([a, detail({}, 'model-b')])).toContain('id="comparison"');
  });

  it('shows interval hooks when an IntervalFn is given', () => {
    const html = renderReport([detail()], { intervals: fixedInterval });
    expect(html).toContain('95% CI');
    expect(html).toContain('<polygon');
  });
});

describe('report analysis', () => {
  it('uses the stats bootstrap: all pass gives exactly [1, 1]', () => {
    expect(defaultIntervals([1, 1, 1])).toMatchObject({ lower: 1, upper: 1, confidence: 0.95 });
    const mixed = defaultIntervals([0, 1, 0, 1, 1, 0, 1, 1])!;
    expect(mixed.lower).toBeLessThan(0.625);
    expect(mixed.upper).toBeGreaterThan(0.625);
  });

  it('plots 1, 2, 3, 5, 10, … up to the smallest n, with the headline ks', () => {
    expect(curveKs(1)).toEqual([1]);
    expect(curveKs(20)).toEqual([1, 2, 3, 5, 10, 20]);
    expect(curveKs(200)).toEqual([1, 2, 3, 5, 10, 20, 30, 50, 100, 200]);
    const run = detail({ n: 3 });
    const curve = passAtKCurve(problemTallies(run), () => undefined);
    expect(curve.map((p) => p.k)).toEqual([1, 2, 3]);
    // Problems pass 3, 2, 1 and 0 of 3: pass@3 = 3/4, pass@1 = 1/2; as metrics.json says.
    expect(curve[0]!.value).toBeCloseTo(0.5, 12);
    expect(curve[2]!.value).toBeCloseTo(0.75, 12);
    expect(headline(run, () => undefined).scores.map((p) => p.value)).toEqual(
      Object.values(run.metrics!['synthetic'] as Record<string, number>),
    );
  });

  it('finds exactly the planted flips between two runs', () => {
    const pass =
      (flipped: Set<number>) =>
      (problem: number): SyntheticVerdict =>
        flipped.has(problem)
          ? { status: 'failed', errorType: 'AssertionError' }
          : { status: 'passed' };
    const a = detail({ n: 1, verdict: pass(new Set([1, 4])) });
    const b = detail({ n: 1, verdict: pass(new Set([2, 4])) });
    const c = compareRuns(a, b, { topChanges: Number.POSITIVE_INFINITY });
    expect(c.compared).toBe(4);
    expect(c.improved).toEqual(['synthetic/1']);
    expect(c.regressed).toEqual(['synthetic/2']);
    expect(c.difference.interval.estimate).toBe(0);
    // The page lists the same problems, better then worse.
    const html = renderReport([a, b]);
    const section = html.slice(html.indexOf('id="comparison"'), html.indexOf('id="curve"'));
    const listed = [...section.matchAll(/<li><span class="mono">([^<]+)</g)].map((m) => m[1]);
    expect(listed).toEqual(['synthetic/1', 'synthetic/2']);
  });
});
