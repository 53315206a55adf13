import { describe, expect, it } from 'vitest';
import type { Problem, Task } from '../tasks/types.js';
import {
  importedModules,
  notRunnableMessage,
  referencesRunnableHere,
  runnableProblems,
  withoutProblems,
} from './runnable.js';

const problem = (id: string, modules: string[]): Problem => ({
  id,
  language: 'python',
  prompt: '',
  datasetPrompt: '',
  tests: '',
  meta: { modules },
});

/** Only what runnableProblems reads; `json` imports everywhere, the other module nowhere. */
const task = {
  name: 'toy-libraries',
  environment: {
    python: { modules: ['json', 'passk_no_such_module'], debianPackages: [] },
  },
  requires: (p: Problem) => p.meta['modules'] as string[],
} as unknown as Task;

describe('runnableProblems', () => {
  const problems = [
    problem('a', ['json']),
    problem('b', ['passk_no_such_module']),
    problem('c', []),
  ];

  it('leaves out the problems whose modules do not import, saying which and why', async () => {
    const { runnable, notRunnable } = await runnableProblems(task, problems);
    expect(runnable.map((p) => p.id)).toEqual(['a', 'c']);
    expect(notRunnable?.problems).toBe(1);
    expect(notRunnable?.missing['passk_no_such_module']?.problems).toEqual(['b']);
    expect(notRunnable?.missing['passk_no_such_module']?.error).toMatch(/^ModuleNotFoundError/);
    expect(notRunnableMessage(notRunnable!)).toMatch(
      /^1 problems are not runnable here .* need passk_no_such_module \(1\); .*--python-env/,
    );
  });

  it('leaves out problems that need the network, which the sandbox never has', async () => {
    const { runnable, notRunnable } = await runnableProblems(task, [problem('d', ['network'])]);
    expect(runnable).toEqual([]);
    expect(notRunnable?.missing['network']).toEqual({
      error: expect.stringMatching(/without network access/),
      problems: ['d'],
    });
  });

  it('keeps every problem of a task without requirements', async () => {
    const { requires: _unused, ...plain } = task;
    const { runnable, notRunnable } = await runnableProblems(plain as Task, problems);
    expect(runnable).toHaveLength(3);
    expect(notRunnable).toBeUndefined();
  });

  it('drops the samples of left-out problems', () => {
    const records = ['a', 'b', 'c'].map((id) => ({ problemId: id, sample: 0, program: '' }));
    const kept = withoutProblems({ records, problems }, [problems[0]!]);
    expect(kept.records.map((r) => r.problemId)).toEqual(['a']);
    expect(kept.problems.map((p) => p.id)).toEqual(['a']);
  });
});

describe('the preflight picks references whose libraries import here', () => {
  it('reads the top-level package of every import line', () => {
    const source =
      'import numpy as np, json\nfrom os.path import join\n  import passk_no_such_module.sub  # x\nx = "import nothing"\n';
    expect(importedModules(source).sort()).toEqual(
      ['json', 'numpy', 'os', 'passk_no_such_module'].sort(),
    );
  });

  it('leaves out a reference that imports a missing module of the environment', async () => {
    const withReference = (id: string, reference: string): Problem => ({
      ...problem(id, []),
      reference,
    });
    const problems = [
      withReference('a', 'import passk_no_such_module\n'),
      withReference('b', 'import json\nfrom passk_not_in_the_environment import x\n'),
    ];
    const kept = await referencesRunnableHere(task as unknown as Task, problems);
    expect(kept.map((p) => p.id)).toEqual(['b']);
    const plain = { name: 'no-environment' } as unknown as Task;
    expect(await referencesRunnableHere(plain, problems)).toHaveLength(2);
  });
});
