import { describe, expect, it } from 'vitest';
import { requireData, requireTaskData } from '../../../test/helpers/data.js';
import { loadDataset } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import { extractProgram } from '../../postprocess/extract.js';
import { tasks } from '../index.js';
import type { Problem } from '../types.js';
import { mbppEntryPoint } from './mbpp-instruct.js';
import { definesPythonName, pythonReplyProgram, topLevelDefinitions } from './reply-program.js';

// each task's own file is checked by requireTaskData where it is loaded
const dataDir = requireData();

async function problemsOf(name: string) {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe('reply programs', () => {
  it('splits a prompt into its top-level definitions, decorators included', () => {
    const source = 'import os\n\n@cache\ndef a(x):\n    return x\n\n\nclass B:\n    pass\nY = 1\n';
    const definitions = topLevelDefinitions(source);
    expect([...definitions.keys()]).toEqual(['a', 'B']);
    expect(definitions.get('a')).toBe('@cache\ndef a(x):\n    return x\n');
  });

  it('counts definitions, not calls, as defining a name', () => {
    expect(definesPythonName('def f():\n    return g(1)\n', 'g')).toBe(false);
    expect(definesPythonName('def f():\n    return g(1)\n', 'f')).toBe(true);
    expect(definesPythonName('    async def g(x):\n', 'g')).toBe(true);
    expect(definesPythonName('g = lambda x: x\n', 'g')).toBe(true);
    expect(definesPythonName('g == 1\n', 'g')).toBe(false);
  });

  it('finds the MBPP function under test even when the test calls a builtin first', () => {
    const code = 'def helper(x):\n    return x\ndef similar(a, b):\n    return helper(a)\n';
    expect(mbppEntryPoint(code, 'assert set(similar((1,), (2,))) == set()')).toBe('similar');
  });

  it('derives an entry point for every problem of the MBPP test split', async () => {
    const { problems } = await problemsOf('mbpp-instruct');
    expect(problems.filter((p) => p.entryPoint === undefined).map((p) => p.id)).toEqual([]);
  });
});

describe('HumanEval problems whose prompt defines a helper (10, 32, 38, 50)', () => {
  /** A reply with only the entry-point function: what a chat model asked for "the function" writes. */
  function entryOnlyReply(problem: Problem): string {
    const prompt = problem.prompt;
    const start = prompt.indexOf(`def ${problem.entryPoint}(`);
    const body = problem.reference!.slice(prompt.length);
    return `\`\`\`python\n${prompt.slice(start)}${body}\`\`\`\n`;
  }

  async function passes(name: string, programFor: (problem: Problem, reply: string) => string) {
    const { task, problems } = await problemsOf(name);
    const chosen = problems.filter((p) => ['10', '32', '38', '50'].includes(p.id.split('/')[1]!));
    expect(chosen).toHaveLength(4);
    const records = chosen.map((p) => ({
      problemId: p.id,
      sample: 0,
      program: programFor(p, entryOnlyReply(p)),
    }));
    const ids = new Set(chosen.map((p) => p.id));
    // evaluate() scores the problems it selects; the four are spread out, so take them all.
    const { results } = await evaluate({
      task: {
        ...task,
        problems: (rows, file) => task.problems(rows, file).filter((p) => ids.has(p.id)),
      },
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      preflight: false,
      db: false,
      dataset: { dataDir, offline: true },
    });
    return results.map((r) => `${r.task_id}: ${r.status}`);
  }

  it('passes once the prompt helpers the reply left out are put back', async () => {
    const statuses = await passes('humaneval-instruct', (problem, reply) =>
      pythonReplyProgram(problem, reply),
    );
    expect(statuses).toEqual([
      'HumanEval/10: passed',
      'HumanEval/32: passed',
      'HumanEval/38: passed',
      'HumanEval/50: passed',
    ]);
  });

  it('fails every one of them with plain extraction (why the helpers are restored)', async () => {
    const statuses = await passes('humaneval-instruct', (problem, reply) =>
      extractProgram(reply, {
        language: 'python',
        prompt: problem.prompt,
        entryPoint: problem.entryPoint!,
      }),
    );
    expect(statuses.filter((s) => s.endsWith('passed'))).toEqual([]);
  });
});
