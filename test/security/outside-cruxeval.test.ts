/**
 * CRUXEval judged outside (docs/tasks.md, CRUXEval): the answer's value is computed in the
 * candidate's process and the assertion runs in the judge. Answers that game the in-process
 * assertion (an always-equal object, a precedence trick, an early exit) pass in-process, the
 * control, and fail outside; a correct and a wrong answer keep their verdicts both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Program, Verdict } from '../../src/execution/types.js';
import type { CruxMeta } from '../../src/tasks/cruxeval/task.js';
import { cruxProgram } from '../../src/tasks/cruxeval/task.js';
import type { Problem } from '../../src/tasks/types.js';
import { LIMITS } from './helpers.js';

let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
}, 60_000);

afterAll(async () => {
  await executor?.close();
});

const CODE = 'def f(xs):\n    return [x * 2 for x in xs]\n';
const problem = (mode: CruxMeta['mode']): Problem<CruxMeta> => ({
  id: 'sample_0',
  language: 'python',
  prompt: '',
  datasetPrompt: '',
  tests: '',
  meta: { code: CODE, input: '[1, 2]', output: '[2, 4]', mode },
});

const ANSWERS: Record<string, [CruxMeta['mode'], string]> = {
  correct: ['output', '[2, 4]'],
  wrong: ['output', '[2, 5]'],
  correctInput: ['input', 'f([1, 2])'],
  alwaysEqual: ['output', "type('A', (), {'__eq__': lambda self, other: True})()"],
  precedence: ['output', '[0] or True'],
  earlyExit: ['output', "__import__('os')._exit(0)"],
  listSubclass: ['output', "type('L', (list,), {'__eq__': lambda s, o: True})([9])"],
};
const GAMING = ['alwaysEqual', 'precedence', 'earlyExit', 'listSubclass'];

async function verdicts(outside: boolean): Promise<Record<string, Verdict>> {
  const jobs = Object.entries(ANSWERS).map(([id, [mode, answer]]) => {
    const built = cruxProgram(problem(mode), answer);
    const { functionServer: _split, ...inProcess } = built;
    const program: Program = outside ? built : inProcess;
    return { id, program, limits: { ...LIMITS, timeoutMs: 3000 }, rerunTimeout: false };
  });
  return Object.fromEntries([...(await executor.run(jobs))]);
}

const passed = (all: Record<string, Verdict>) =>
  Object.keys(all)
    .filter((id) => all[id]!.status === 'passed')
    .sort();

describe('CRUXEval outside: gaming answers next to a correct and a wrong one', () => {
  it('in-process (the control), the gaming answers pass', async () => {
    const all = await verdicts(false);
    for (const id of GAMING.filter((id) => id !== 'earlyExit'))
      expect([id, all[id]?.status]).toEqual([id, 'passed']);
    expect(all['wrong']?.status).toBe('failed');
  }, 60_000);

  it('outside, only the correct answers pass', async () => {
    const all = await verdicts(true);
    expect(passed(all)).toEqual(['correct', 'correctInput']);
    expect(all['wrong']?.status).toBe('failed');
    for (const id of GAMING) expect(all[id]?.placement, id).toBe('outside');
  }, 60_000);
});
