/**
 * Acceptance: the warm engine ('bwrap') and the first executor ('subprocess', a fresh interpreter
 * per program) give identical verdicts, on HumanEval reference solutions and on a mixed set with
 * failures, errors, early exits and a timeout. The dataset is read from
 * `${PASSK_DATA_DIR:-../shared/data}/humaneval/HumanEval.jsonl.gz`, relative to the repo root.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanEvalProgram, loadHumanEval } from '../../bench/exec-helpers.js';
import { createExecutor } from './index.js';
import type { ExecJob, Executor, Verdict } from './types.js';

const PROBLEMS = 30;
const limits = { timeoutMs: 2000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 };
const rows = loadHumanEval().slice(0, PROBLEMS);

/** Completions that go wrong in different ways, applied to each problem in turn. */
const BROKEN = [
  '    return None\n', // usually a failed assertion
  '    return undefined_name\n', // NameError
  '    return (\n', // SyntaxError
  '    import sys\n    sys.exit(0)\n', // early exit: incomplete
  '    raise ValueError("nope")\n',
  '    return 1 / 0\n',
];

const jobs: ExecJob[] = [
  ...rows.map((row) => ({
    id: `${row.task_id}/ref`,
    program: { language: 'python', source: humanEvalProgram(row) },
    limits,
  })),
  ...rows.map((row, index) => ({
    id: `${row.task_id}/broken`,
    program: { language: 'python', source: humanEvalProgram(row, BROKEN[index % BROKEN.length]) },
    limits,
  })),
  {
    id: 'sleeper',
    program: {
      language: 'python',
      source: humanEvalProgram(rows[0]!, '    import time\n    time.sleep(30)\n'),
    },
    limits,
  },
];

const shape = (verdict: Verdict | undefined) =>
  verdict && { status: verdict.status, errorType: verdict.errorType };
let engines: Executor[] = [];

beforeAll(async () => {
  engines = await Promise.all(
    ['subprocess', 'bwrap'].map((sandbox) =>
      createExecutor({ allowCodeExecution: true, sandbox, cacheDir: false, workers: 2 }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

describe(`verdict parity on ${PROBLEMS} HumanEval problems`, () => {
  it('passes every reference solution on both, and agrees on every verdict', async () => {
    const [fresh, warm] = await Promise.all(engines.map((engine) => engine.run(jobs)));
    for (const row of rows)
      expect(warm!.get(`${row.task_id}/ref`)?.status, row.task_id).toBe('passed');
    for (const job of jobs)
      expect(shape(warm!.get(job.id)), job.id).toEqual(shape(fresh!.get(job.id)));
    const statuses = new Set([...warm!.values()].map((verdict) => verdict.status));
    // The mixed set must really be mixed, or agreeing would prove little.
    expect([...statuses].sort()).toEqual(['error', 'failed', 'incomplete', 'passed', 'timeout']);
  });
});
