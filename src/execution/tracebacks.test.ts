import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from './index.js';
import type { ExecJob, Executor, Verdict } from './types.js';

const limits = { timeoutMs: 5000, memoryBytes: 1 << 30, outputBytes: 1 << 20 };
const FAILING = [
  'def helper(x):',
  '    raise ValueError("bad value %d" % x)',
  '',
  'def solve(x):',
  '    return helper(x)',
  '',
  'assert solve(3) == 3',
].join('\n');
const ASSERTING = 'def f():\n    return 2\n\nassert f() == 1, "f() was %d" % f()\n';
const PASSING = 'def f():\n    return 1\n\nassert f() == 1\n';

function job(id: string, source: string): ExecJob {
  return { id, program: { language: 'python', source }, limits };
}

async function judge(executor: Executor): Promise<Map<string, Verdict>> {
  return executor.run([job('raises', FAILING), job('asserts', ASSERTING), job('passes', PASSING)]);
}

describe('tracebacks of failing Python programs', () => {
  let plain: Executor;
  let keeping: Executor;
  beforeAll(async () => {
    plain = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
    keeping = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 1,
      keepTracebacks: true,
    });
  });
  afterAll(async () => {
    await plain?.close();
    await keeping?.close();
  });

  it('are not kept by default, and the verdicts are the same either way', async () => {
    const without = await judge(plain);
    const withThem = await judge(keeping);
    for (const id of ['raises', 'asserts', 'passes']) {
      const a = without.get(id)!;
      const b = withThem.get(id)!;
      expect([a.status, a.errorType, a.message]).toEqual([b.status, b.errorType, b.message]);
      expect(a.traceback).toBeUndefined();
    }
    expect(without.get('raises')).toMatchObject({
      status: 'error',
      errorType: 'ValueError',
      message: 'bad value 3',
    });
    expect(without.get('asserts')).toMatchObject({ status: 'failed', message: 'f() was 2' });
  });

  it('are kept whole with keepTracebacks, for programs that did not pass only', async () => {
    const verdicts = await judge(keeping);
    const raised = verdicts.get('raises')!.traceback ?? '';
    expect(raised).toMatch(/^Traceback \(most recent call last\):/m);
    expect(raised).toMatch(/in helper\n/);
    expect(raised.trimEnd().split('\n').at(-1)).toBe('ValueError: bad value 3');
    expect(verdicts.get('asserts')!.traceback).toMatch(/AssertionError: f\(\) was 2\s*$/);
    expect(verdicts.get('passes')!.traceback).toBeUndefined();
  });
});

const WORKER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'worker');

describe('tracebacks.last_line', () => {
  it("is the line Python's own traceback ends with", () => {
    // Each exception's last traceback line, from the traceback module and from last_line.
    const script = `
import sys, traceback
sys.path.insert(0, sys.argv[1])
import tracebacks

class Custom(Exception):
    pass

class BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no")

import json
cases = [ValueError("x"), ValueError(), KeyError("k"), Custom("c"), BadStr(), ZeroDivisionError("division by zero")]
try:
    json.loads("{")
except Exception as error:
    cases.append(error)
for error in cases:
    expected = traceback.format_exception_only(type(error), error)[-1]
    print(repr(expected == tracebacks.last_line(error)), repr(expected))
`;
    const lines = execFileSync('/usr/bin/python3', ['-c', script, WORKER_DIR], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(lines).toHaveLength(7);
    for (const line of lines) expect(line).toMatch(/^True /);
  });
});
