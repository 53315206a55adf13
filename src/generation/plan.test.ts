import { describe, expect, it } from 'vitest';
import type { Problem } from '../tasks/types.js';
import { pairKey, planJobs, standingRecords } from './plan.js';
import type { SampleRecord } from './types.js';

const problem = (id: string): Problem => ({
  id,
  language: 'python',
  prompt: '',
  datasetPrompt: '',
  tests: '',
  meta: {},
});
const ok = (problemId: string, sample: number): SampleRecord => ({
  problemId,
  sample,
  program: 'x',
});
const failed = (
  problemId: string,
  sample: number,
  kind: 'request_failed' | 'prompt_too_long',
): SampleRecord => ({
  problemId,
  sample,
  program: '',
  error: { kind, message: 'boom' },
});

describe('standingRecords', () => {
  it('keeps the first success, and lets anything replace a failure', () => {
    const standing = standingRecords([
      failed('A', 0, 'request_failed'),
      ok('A', 0),
      { ...ok('A', 0), program: 'duplicate' },
      ok('A', 1),
    ]);
    expect(standing.get(pairKey('A', 0))?.program).toBe('x');
    expect(standing.size).toBe(2);
  });
});

describe('planJobs', () => {
  it('asks only for missing samples, in runs that never cross a request block', () => {
    const standing = standingRecords([
      ok('A', 1),
      ok('A', 2),
      failed('A', 5, 'request_failed'),
      ok('B', 0),
    ]);
    const jobs = planJobs([problem('A'), problem('B')], 7, standing, 4);
    expect(jobs.map((job) => `${job.problem.id}:${job.samples.join(',')}`)).toEqual([
      'A:0',
      'A:3',
      'A:4,5,6',
      'B:1,2,3',
      'B:4,5,6',
    ]);
  });

  it('does not ask again for a prompt that cannot fit the context', () => {
    const standing = standingRecords([failed('A', 0, 'prompt_too_long')]);
    expect(planJobs([problem('A')], 2, standing, 1).map((job) => job.samples)).toEqual([[1]]);
  });
});
