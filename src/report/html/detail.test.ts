import { describe, expect, it } from 'vitest';
import type { VerdictStatus } from '../../execution/types.js';
import type { RunRecord } from '../../store/records.js';
import { problemsCsv, samplesCsv } from './export.js';
import { failureMessagesHtml } from './failures.js';
import { generationStats } from './generation.js';
import { problemRows } from './problems.js';
import { histogramSvg, RATE_BINS } from './svg-histogram.js';

interface Planted {
  problemId: string;
  sample: number;
  status: VerdictStatus;
  errorType?: string;
  message?: string;
}

/** A run record holding just the samples these functions read. */
function runOf(planted: readonly Planted[]): RunRecord {
  const ids = [...new Set(planted.map((p) => p.problemId))];
  return {
    summary: {
      id: 'r',
      createdAt: '',
      runDir: null,
      task: 't',
      model: null,
      problems: 0,
      samples: 0,
      passAt1: null,
    },
    metrics: null,
    config: {},
    runConfig: null,
    provenance: {} as RunRecord['provenance'],
    problems: ids.map((id) => ({ id, prompt: '', tests: '' })),
    samples: planted.map(({ problemId, sample, status, errorType, message }) => ({
      problemId,
      sample,
      program: '',
      candidateHash: '',
      verdict: {
        status,
        durationMs: 1,
        programHash: '',
        ...(errorType === undefined ? {} : { errorType }),
        ...(message === undefined ? {} : { message }),
      },
    })),
    results: [],
  };
}

describe('report details', () => {
  it('bins pass rates with 0 and 1 apart from the bands', () => {
    const binOf = (rate: number) => RATE_BINS.findIndex((bin) => bin.test(rate));
    expect([0, 0.01, 0.2, 0.21, 0.5, 0.8, 0.81, 0.99, 1].map(binOf)).toEqual([
      0, 1, 1, 2, 3, 4, 5, 5, 6,
    ]);
    const svg = histogramSvg([{ label: 'a', color: '#000', rates: [0, 0, 1] }]);
    expect(svg.match(/<rect class="hbar"/g)).toHaveLength(7);
    expect(svg).toContain('a: 2 problems with pass rate 0%');
  });

  it('defuses spreadsheet formulas and quotes CSV fields', () => {
    const csv = problemsCsv(
      [{ id: '=HYPERLINK("x")', cells: [{ n: 2, c: 1, rate: 0.5, topError: 'a,b' }] }],
      ['run "A"'],
    );
    const [head, row] = csv.split('\r\n');
    expect(head).toBe('run,problem,n,c,pass_rate,top_failure');
    expect(row).toBe('"run ""A""","\'=HYPERLINK(""x"")",2,1,0.5,"a,b"');
  });

  it('computes generation statistics from journal samples', () => {
    const run = runOf([]);
    const journal = Array.from({ length: 10 }, (_, i) => ({
      finishReason: i < 3 ? 'length' : 'stop',
      tokensOut: (i + 1) * 10,
      durationMs: 100 * (i + 1),
    }));
    const stats = generationStats(run, [...journal, { failed: true }])!;
    expect(stats.samples).toBe(11);
    expect(stats.cutByTokenLimit).toBe(3);
    expect(stats.failed).toBe(1);
    expect(stats.tokensOut).toEqual({ total: 550, median: 60, p90: 100, max: 100 });
    expect(stats.latencyMs?.median).toBe(600);
    expect(generationStats(run, undefined)).toBeUndefined();
  });

  it('groups failure messages by error type, escaped', () => {
    const run = runOf([
      {
        problemId: 'p/0',
        sample: 0,
        status: 'failed',
        errorType: 'AssertionError',
        message: 'x <b>',
      },
      {
        problemId: 'p/1',
        sample: 0,
        status: 'failed',
        errorType: 'AssertionError',
        message: 'x <b>',
      },
      { problemId: 'p/1', sample: 1, status: 'passed' },
    ]);
    const html = failureMessagesHtml(run);
    expect(html).toContain('<strong class="mono">AssertionError</strong>');
    expect(html).toContain('2 samples, 1 distinct message<');
    expect(html).toContain('<code>x &lt;b&gt;</code> <span class="muted">p/0, p/1</span>');
    const rows = problemRows([run]);
    expect(rows.map((r) => [r.id, r.cells[0]?.c, r.cells[0]?.n])).toEqual([
      ['p/0', 0, 1],
      ['p/1', 1, 2],
    ]);
    expect(samplesCsv([run], ['r']).split('\r\n')).toHaveLength(1 + 3 + 1);
  });
});
