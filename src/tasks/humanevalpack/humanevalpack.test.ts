import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireTaskData } from '../../../test/helpers/data.js';
import { loadDataset, sharedDataDir } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import type { GenerationRecord } from '../../store/records.js';
import { tasks } from '../index.js';
import { type PackRow, packCandidate, removeLastBlock } from './prompt.js';

/**
 * sha256 prefixes over every problem's prompt (each followed by a NUL), computed by running a
 * transcription of bigcode's humanevalpack.py get_prompt (instruct) over the same data: the
 * prompts of all 18 tasks x 164 problems are byte-identical to bigcode's.
 */
const ALL_PROMPTS: Record<string, string> = {
  'humanevalsynthesize-python': '45dbd48e4dc1a399',
  'humanevalfixtests-python': 'ff48d76545eb9420',
  'humanevalfixdocs-python': 'c5e594fd20115148',
  'humanevalsynthesize-js': 'd1bda34c45c72bef',
  'humanevalfixtests-js': 'e53d062edeb70609',
  'humanevalfixdocs-js': '4665a81b3aaeec07',
  'humanevalsynthesize-java': '597041f5dadea2bb',
  'humanevalfixtests-java': '8053fe549cc854a3',
  'humanevalfixdocs-java': 'ac6daf779f770753',
  'humanevalsynthesize-go': 'd1225cf86231ec0c',
  'humanevalfixtests-go': '5f6f18d63a362281',
  'humanevalfixdocs-go': '7e836aef30355ff2',
  'humanevalsynthesize-cpp': '89777d3613a37c09',
  'humanevalfixtests-cpp': '559b04b70ec4c406',
  'humanevalfixdocs-cpp': '950ffdcf583d448c',
  'humanevalsynthesize-rust': '893ba4239b474f8b',
  'humanevalfixtests-rust': '5eb599d868dd8d2a',
  'humanevalfixdocs-rust': '6f45745194669cb4',
};

async function problemsOf(name: string) {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe('HumanEvalPack prompts', () => {
  it.each(Object.entries(ALL_PROMPTS))(
    '%s: all 164 prompts equal bigcode instruct',
    async (name, hash) => {
      const { problems } = await problemsOf(name);
      const h = createHash('sha256');
      for (const p of problems) h.update(p.prompt).update('\0');
      expect(problems).toHaveLength(164);
      expect(h.digest('hex').slice(0, 16)).toBe(hash);
    },
  );
});

describe('HumanEvalPack post-processing (bigcode remove_last_block)', () => {
  it('python: stops at the first unindented line or stop word', () => {
    expect(removeLastBlock('\n    return 1\n\nprint(f())', 'python')).toBe('\n    return 1\n');
    expect(removeLastBlock('\n    return 1\nx = 2', 'python')).toBe('\n    return 1');
  });

  it('brace languages: cut where the function closes; java counts the class', () => {
    expect(removeLastBlock('  return 1;\n}\nconst x = 2;', 'js')).toBe('  return 1;\n}');
    expect(removeLastBlock('  if (a) { b(); }\n  return 1;\n  }\n}\nextra', 'java')).toBe(
      '  if (a) { b(); }\n  return 1;\n  }\n}',
    );
    // Not closed: up to the last brace; one brace short of balanced gets one more (java).
    expect(removeLastBlock('    return x;\n    }\n', 'java')).toBe('    return x;\n    }');
    expect(removeLastBlock('static {\n  x();', 'java')).toBe('static {\n  x();\n}');
  });

  it('the candidate is the base the model continued + the cut generation', () => {
    const row = { prompt: 'def f():\n    """doc"""\n', declaration: 'def f():\n' } as PackRow;
    expect(packCandidate(row, 'python', 'synthesize', '\n    return 1\nprint(2)')).toBe(
      'def f():\n    """doc"""\n    return 1',
    );
    expect(packCandidate(row, 'python', 'fixtests', '\n    return 1\n')).toBe(
      'def f():\n    return 1',
    );
  });
});

describe('HumanEvalPack in the sandbox', () => {
  it.each(['humanevalfixtests-python', 'humanevalfixdocs-js'])(
    '%s: canonical solutions pass, buggy ones fail',
    async (name) => {
      const { task, problems } = await problemsOf(name);
      const sample = problems.slice(0, 4);
      const records: GenerationRecord[] = sample.flatMap((p) => [
        { problemId: p.id, sample: 0, program: p.reference! },
        { problemId: p.id, sample: 1, program: String(p.meta['buggy']) },
      ]);
      const { results } = await evaluate({
        task,
        candidates: { kind: 'records', records },
        allowCodeExecution: true,
        limit: 4,
        k: [1],
        preflight: false,
        workers: 2,
        db: false,
        dataset: { dataDir: sharedDataDir(), offline: true },
      });
      const by = (s: number) => results.filter((r) => r.sample === s).map((r) => r.status);
      expect(by(0)).toEqual(['passed', 'passed', 'passed', 'passed']);
      expect(by(1).filter((s) => s === 'passed')).toEqual([]);
      expect(by(1)).toHaveLength(4);
    },
  );
});
