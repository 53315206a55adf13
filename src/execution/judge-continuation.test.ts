import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTINUATIONS } from './group.js';
import { createExecutor } from './index.js';
import type { OutputJudge } from './judge.js';
import type { Executor, Program, Verdict } from './types.js';

const LIMITS = { timeoutMs: 5000, memoryBytes: 512 * 2 ** 20, outputBytes: 2 ** 20 };
let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
});
afterAll(async () => {
  await executor?.close();
});

describe("a judge's continuations, in the real sandbox", () => {
  it('runs the program a judge continues with, in the same sample', async () => {
    const second: Program = { language: 'python', source: 'print("second")\n' };
    const judge: OutputJudge = {
      key: 'continue-once',
      decide: (raw) => ({ continueWith: second, otherwise: { ...raw, status: 'failed' } }),
    };
    const first: Program = { language: 'python', source: 'print("first")\n', judge };
    const verdicts = await executor.run([{ id: 'once', program: first, limits: LIMITS }]);
    expect(verdicts.get('once')!.status).toBe('passed');
  });

  it("stops a judge that always asks for more at MAX_CONTINUATIONS, with the judge's otherwise", async () => {
    let decided = 0;
    const judge: OutputJudge = {
      key: 'continue-for-ever',
      decide: (raw): { continueWith: Program; otherwise: Verdict } => {
        decided += 1;
        return {
          continueWith: program,
          otherwise: { ...raw, status: 'failed', message: 'the judge gave up' },
        };
      },
    };
    const program: Program = { language: 'python', source: 'pass\n', judge };
    const verdicts = await executor.run([{ id: 'for-ever', program, limits: LIMITS }]);
    expect(decided).toBe(MAX_CONTINUATIONS + 1);
    expect(verdicts.get('for-ever')).toMatchObject({
      status: 'failed',
      message: 'the judge gave up',
    });
  });
});
