import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireTaskData } from '../../../test/helpers/data.js';
import { loadDataset, sharedDataDir } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import type { GenerationRecord } from '../../store/records.js';
import { cruxEval, extractAnswer } from './task.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function problems(mode: 'input' | 'output', cot: boolean) {
  const task = cruxEval(mode, cot);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe('CRUXEval prompts', () => {
  // sha256 prefixes of upstream's own prompts.py functions applied to sample_0 (computed once
  // by running facebookresearch/cruxeval's make_*_prompt on the row): byte-identical prompts.
  it.each([
    ['output', false, '90e335aea5408079'],
    ['output', true, '940bc7e904960cf6'],
    ['input', false, '953438ca5b2b7565'],
    ['input', true, '82e17f0e12b6a754'],
  ] as const)('%s prediction (cot %s) equals upstream for sample_0', async (mode, cot, hash) => {
    const { problems: all } = await problems(mode, cot);
    expect(all).toHaveLength(800);
    expect(all[0]!.id).toBe('sample_0');
    expect(sha(all[0]!.prompt)).toBe(hash);
  });
});

describe('CRUXEval answer extraction (upstream postprocess_generation)', () => {
  it('output: the part after ==, direct and CoT', () => {
    expect(extractAnswer('assert f(17) == [1, 2]\n', 'output', false)).toBe('[1, 2]');
    const cot = 'Step 1 ... so f == g\n[/THOUGHT]\n[ANSWER]\nassert f("a") == "ab"\n';
    expect(extractAnswer(cot, 'output', true)).toBe('"ab"');
    expect(extractAnswer(' 42 ', 'output', false)).toBe('42');
  });

  it('input: the call before ==, without assert', () => {
    expect(extractAnswer('assert f([1], 2) == 3\n', 'input', false)).toBe('f([1], 2)');
    expect(extractAnswer('think\n[ANSWER]\nassert f(16) == 17\n', 'input', true)).toBe('f(16)');
  });

  it('postprocess cuts at [/ANSWER] and ignores an echoed prompt', async () => {
    const { task, problems: all } = await problems('output', false);
    const p = all[0]!;
    const answer = task.postprocess(
      p,
      `${p.prompt}assert f(x) == [9]\n[/ANSWER]\nassert f(y) == 1`,
    );
    expect(answer).toBe('[9]');
  });
});

describe('CRUXEval in the sandbox', () => {
  it('passes the given answers and fails wrong or refused ones', async () => {
    for (const mode of ['input', 'output'] as const) {
      const { task, problems: all } = await problems(mode, false);
      const sample = all.slice(0, 3);
      const wrong = mode === 'input' ? 'f(None)' : 'None';
      // Upstream refuses an input answer that never calls f, and an output answer that is the call.
      const refused = mode === 'input' ? '[1]' : `f(${String(sample[0]!.meta['input'])})`;
      const records: GenerationRecord[] = sample.flatMap((p) => [
        { problemId: p.id, sample: 0, program: p.reference! },
        { problemId: p.id, sample: 1, program: wrong },
        { problemId: p.id, sample: 2, program: refused },
      ]);
      const { results, metrics } = await evaluate({
        task,
        candidates: { kind: 'records', records },
        allowCodeExecution: true,
        limit: 3,
        k: [1],
        preflight: false,
        workers: 2,
        db: false,
        dataset: { dataDir: sharedDataDir(), offline: true },
      });
      const statuses = (s: number) => results.filter((r) => r.sample === s).map((r) => r.status);
      expect(statuses(0)).toEqual(['passed', 'passed', 'passed']);
      expect(statuses(1).filter((s) => s === 'passed')).toEqual([]);
      expect(statuses(2).filter((s) => s === 'passed')).toEqual([]);
      expect(metrics.per_problem.map((p) => p.c)).toEqual([1, 1, 1]);
    }
  });
});
