import { describe, expect, it } from 'vitest';
import type { Problem } from '../types.js';
import { evalPlusTask } from './evalplus-task.js';
import { suiteProgram } from './suite-program.js';

describe('evalPlusTask', () => {
  it('refuses to build an outside-judged program that has no judge (it would pass anything)', () => {
    const task = evalPlusTask({
      name: 'fixture-plus',
      description: 'fixture',
      dataset: { hub: { repo: 'x/y', revision: 'r', path: 'p' }, localFile: 'none.jsonl' },
      rules: 'mbpp',
      stopSequences: [],
      problems: () => [],
    });
    const driver = suiteProgram({
      mode: 'outside',
      dataset: 'mbpp',
      entryPoint: 'f',
      atol: 0,
      cases: [],
      total: 0,
    });
    const problem: Problem = {
      id: 'P/1',
      language: 'python',
      prompt: '',
      datasetPrompt: '',
      tests: 'assert True\n',
      entryPoint: 'f',
      meta: {},
      suiteTests: { base: driver, plus: driver },
    };
    expect(() => task.program(problem, 'def f():\n    pass\n', 'plus')).toThrow(/no judge/);
    // Original tests (the fallback when the ground truth cannot run) need none.
    const fallback = { ...problem, suiteTests: { base: problem.tests, plus: problem.tests } };
    expect(task.program(fallback, 'def f():\n    pass\n', 'plus').source).toContain('assert True');
  });
});
