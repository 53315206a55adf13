import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireTaskData } from '../../../test/helpers/data.js';
import { loadDataset, sharedDataDir } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import type { GenerationRecord } from '../../store/records.js';
import { palPrompt } from './prompt.js';
import { palGsm8k, palPostprocess, parseTarget } from './task.js';
import { firstAnswer, majority, voteOf } from './vote.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('PAL-GSM8K prompt and post-processing (bigcode gsm.py)', () => {
  it('builds the 8-shot prompt byte for byte as bigcode (its test fixture for question "test")', () => {
    // sha256 of bigcode-evaluation-harness tests/data/pal-gsm8k-greedy_prompt.json's "prompt".
    expect(sha(palPrompt('test')).slice(0, 16)).toBe('dce6308ca2407dd6');
    expect(palPrompt('test')).toHaveLength(4101);
  });

  it('reads the reference as parse_target does', () => {
    expect(parseTarget('blah\n#### 1,000')).toBe('1000');
    expect(parseTarget('#### -3')).toBe('-3');
    expect(parseTarget('#### 2.50')).toBe('2.5');
    expect(parseTarget('#### twelve')).toBeUndefined();
  });

  it('keeps the text after the last marker, cuts before Q:, and adds the print', () => {
    const prompt = palPrompt('How many?');
    const generation = 'def solution():\n    return 4\n\n\n\nQ: next question';
    expect(palPostprocess(prompt, generation)).toBe(
      'def solution():\n    return 4\nprint(solution())',
    );
    // An echoed prompt is dropped; a Q: in the same text cuts there.
    expect(palPostprocess(prompt, `${prompt}  x = 1 Q: y`)).toBe('x = 1 \nprint(solution())');
  });
});

describe('majority vote (bigcode Counter.most_common)', () => {
  const wrong = (h: string) => ({
    task_id: 'p',
    sample: 0,
    status: 'failed',
    message: `answer ${h}: '17'`,
  });
  const right = { task_id: 'p', sample: 0, status: 'passed' };
  const crashed = { task_id: 'p', sample: 0, status: 'error', message: 'boom' };

  it('reads votes from verdicts', () => {
    expect(voteOf(right)).toEqual({ key: 'correct', numeric: true });
    expect(voteOf(wrong('0123456789abcdef'))?.key).toBe('0123456789abcdef');
    expect(voteOf(crashed)).toBeUndefined();
  });

  it('takes the most frequent answer, ties to the first seen, ignoring failed runs', () => {
    const a = voteOf(wrong('aaaaaaaaaaaaaaaa'));
    const c = voteOf(right);
    expect(majority([a, c, a])).toBe('wrong');
    expect(majority([c, a, undefined, undefined])).toBe('correct');
    expect(majority([a, c])).toBe('wrong');
    expect(majority([undefined])).toBe('failed');
    expect(firstAnswer([undefined, c, a, a])).toBe('correct');
  });
});

describe('PAL-GSM8K in the sandbox', () => {
  it('answers as programs pass; wrong answers are grouped by value for maj@k', async () => {
    const task = palGsm8k('majority_voting');
    const loaded = await loadDataset(task.dataset, {
      dataDir: requireTaskData(task),
      offline: true,
    });
    const [p0, p1] = task.problems(loaded.rows, loaded.file);
    const returning = (value: string) => `def solution():\n    return ${value}\nprint(solution())`;
    const answer0 = String(p0!.meta['answer']);
    // p0: right once, the same wrong answer twice → the majority is wrong, the first answer right.
    // p1: a crash, then right (a float within 1e-3), then wrong → right.
    const records: GenerationRecord[] = [
      { problemId: p0!.id, sample: 0, program: returning(answer0) },
      { problemId: p0!.id, sample: 1, program: returning('-1') },
      { problemId: p0!.id, sample: 2, program: returning('-1') },
      {
        problemId: p1!.id,
        sample: 0,
        program: 'def solution():\n    return 1 / 0\nprint(solution())',
      },
      {
        problemId: p1!.id,
        sample: 1,
        program: returning(`${String(p1!.meta['answer'])} + 0.0001`),
      },
      { problemId: p1!.id, sample: 2, program: returning("'many'") },
    ];
    const { metrics, results } = await evaluate({
      task,
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      limit: 2,
      k: [1, 3],
      preflight: false,
      workers: 2,
      db: false,
      dataset: { dataDir: sharedDataDir(), offline: true },
    });
    expect(results.map((r) => r.status)).toEqual([
      'passed',
      'failed',
      'failed',
      'error',
      'passed',
      'failed',
    ]);
    expect(results[5]!.message).toMatch(/^answer [0-9a-f]{16} not-a-number:/);
    expect(metrics['pal-gsm8k-majority_voting']).toEqual({
      accuracy: 0.5,
      num_failed_execution: 0,
      'maj@1': 0.5,
      'maj@3': 0.5,
    });
    expect(metrics.metric.name).toBe('maj@k');
    expect(metrics.pass_at_k?.['pass@1']).toBeCloseTo(1 / 3);
  });
});
