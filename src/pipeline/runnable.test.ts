import { describe, expect, it } from 'vitest';
import type { Problem, Task } from '../tasks/types.js';
import {
  importedModules,
  noReferenceCanaryMessage,
  notRunnableMessage,
  referenceCanaries,
  referencesRunnableHere,
  runnableProblems,
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

  it('tells the problems whose modules do not import, which and why; they count as failures', async () => {
    const { runnable, notRunnable } = await runnableProblems(task, problems);
    expect(runnable.map((p) => p.id)).toEqual(['a', 'c']);
    expect(notRunnable?.problems).toBe(1);
    expect(notRunnable?.missing['passk_no_such_module']?.problems).toEqual(['b']);
    expect(notRunnable?.missing['passk_no_such_module']?.error).toMatch(/^ModuleNotFoundError/);
    expect(notRunnableMessage(notRunnable!, 3)).toMatch(
      /^1 of these 3 problems cannot run here and count as failures, .*at most 66\.7% can pass\): they need passk_no_such_module \(1\); .*--python-env/,
    );
  });

  it('names problems that need the network, which the sandbox never has', async () => {
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

  it('leaves out a reference whose tests need a missing module (Task.requires), and says which', async () => {
    const onlyTests: Problem = { ...problem('t', ['passk_no_such_module']), reference: 'x = 1\n' };
    expect(await referencesRunnableHere(task, [onlyTests])).toEqual([]);
    const { missing } = await referenceCanaries(task, [onlyTests]);
    expect(noReferenceCanaryMessage(task, missing)).toMatch(
      /^the preflight runs none .*: passk_no_such_module \(ModuleNotFoundError: .*\); scripts\/setup\.sh --task toy-libraries/,
    );
  });
});
