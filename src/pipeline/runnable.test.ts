import { describe, expect, it } from 'vitest';
import type { Problem, Task } from '../tasks/types.js';
import { notRunnableMessage, runnableProblems, withoutProblems } from './runnable.js';

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
