import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import { loadProblems } from '../../pipeline/problems.js';
import type { GenerationRecord } from '../../store/records.js';
import { tasks } from '../index.js';
import { describeCut, type ExplainRow } from './explain.js';

const dataset = { dataDir: sharedDataDir(), offline: true };

/**
 * sha256 prefixes over every prompt (each followed by a NUL), from a transcription of bigcode's
 * humanevalpack.py (HumanEvalExplainDescribeBase / HumanEvalExplainSynthesizeBase get_prompt,
 * `--prompt instruct`) run on the same files; synthesize with each problem's docstring as its
 * description (`--descriptions reference`).
 */
const PROMPTS: Record<string, string> = {
  'humanevalexplaindescribe-python': '4e79317f441e2efc',
  'humanevalexplainsynthesize-python': '760979bded9ea81e',
  'humanevalexplaindescribe-js': 'd784776d508bc2d8',
  'humanevalexplainsynthesize-js': '9d0932c5c3f72481',
  'humanevalexplaindescribe-java': 'da8da547aa40df4c',
  'humanevalexplainsynthesize-java': 'c296e6fc04d2792f',
  'humanevalexplaindescribe-go': '2f2dd244e1ad3876',
  'humanevalexplainsynthesize-go': '87f0e6a6cabf9686',
  'humanevalexplaindescribe-cpp': 'ac7d89a719eadcf8',
  'humanevalexplainsynthesize-cpp': '376b61b0ed4eadbe',
  'humanevalexplaindescribe-rust': 'eca306d87e00e7c3',
  'humanevalexplainsynthesize-rust': '1c230cf49e149d7f',
};

describe('HumanEvalPack explain prompts', () => {
  it.each(Object.entries(PROMPTS))(
    '%s: all 164 prompts equal bigcode instruct',
    async (name, hash) => {
      const task = await tasks.get(name);
      const taskInput = name.includes('synthesize') ? 'reference' : undefined;
      const { problems } = await loadProblems(task, dataset, taskInput ? { taskInput } : {});
      const h = createHash('sha256');
      for (const p of problems) h.update(p.prompt).update('\0');
      expect(problems).toHaveLength(164);
      expect(h.digest('hex').slice(0, 16)).toBe(hash);
    },
  );
});

describe('describe post-processing (bigcode HumanEvalExplainDescribeBase)', () => {
  const row = {
    docstring: 'x'.repeat(40),
    canonical_solution: '    return sorted(set(numbers))[::-1]\n    ok\n',
  } as ExplainRow;

  it('strips, cuts to len(docstring) code points, then at the first stop word', () => {
    expect(describeCut(row, 'python', '  \n Sorts the numbers.\ndef g(): pass')).toBe(
      'Sorts the numbers.',
    );
    expect(describeCut(row, 'python', `${'é'.repeat(45)}`)).toBe('é'.repeat(40));
    expect(describeCut(row, 'go', 'Adds one.\n// then\nmore')).toBe('Adds one.');
  });

  it('removes canonical lines longer than 20 characters, keeps short ones', () => {
    const short = { ...row, docstring: 'y'.repeat(200) };
    expect(describeCut(short, 'python', 'It does return sorted(set(numbers))[::-1] and ok')).toBe(
      'It does  and ok',
    );
  });
});

describe('humanevalexplainsynthesize input', () => {
  it('refuses to run without --descriptions, and a task that takes none refuses them', async () => {
    const synthesize = await tasks.get('humanevalexplainsynthesize-python');
    await expect(loadProblems(synthesize, dataset, { limit: 1 })).rejects.toThrow(
      /needs --descriptions/,
    );
    const plain = await tasks.get('humanevalsynthesize-python');
    await expect(
      loadProblems(plain, dataset, { limit: 1, taskInput: 'reference' }),
    ).rejects.toThrow(/takes no --descriptions/);
  });

  it('describe cannot be evaluated: its samples are not programs', async () => {
    await expect(
      evaluate({
        task: 'humanevalexplaindescribe-python',
        candidates: { kind: 'reference' },
        allowCodeExecution: true,
        limit: 1,
        db: false,
        dataset,
      }),
    ).rejects.toThrow(/cannot be evaluated.*humanevalexplainsynthesize-python --descriptions/);
  });

  it('from the docstrings: canonical solutions pass, a wrong body fails', async () => {
    const task = await tasks.get('humanevalexplainsynthesize-python');
    const { problems } = await loadProblems(task, dataset, { limit: 3, taskInput: 'reference' });
    expect(problems.map((p) => p.id)).toEqual(['Python/0', 'Python/1', 'Python/2']);
    const records: GenerationRecord[] = problems.flatMap((p) => [
      { problemId: p.id, sample: 0, program: p.reference! },
      { problemId: p.id, sample: 1, program: task.postprocess(p, '\n    return None\n') },
    ]);
    const { results } = await evaluate({
      task,
      taskInput: 'reference',
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      limit: 3,
      k: [1],
      preflight: false,
      workers: 2,
      db: false,
      dataset,
    });
    const by = (s: number) => results.filter((r) => r.sample === s).map((r) => r.status);
    expect(by(0)).toEqual(['passed', 'passed', 'passed']);
    expect(by(1).filter((s) => s === 'passed')).toEqual([]);
  });
});
