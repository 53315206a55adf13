/**
 * Issue 9 item 8: for input/output tasks (HumanEval+, MBPP+) the comparison happens in passk's
 * process, from the outputs the sandbox returns. Attacks that disable tests running inside the
 * candidate's process — a sys.settrace hook swapping the checker, patched builtins, an object
 * equal to everything, an early exit with a forged end marker — must not turn a wrong program
 * into a pass, while a correct program still passes and a plainly wrong one still fails.
 * Real sandbox, real Python; the fixture problem is our own (add two numbers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Program, Verdict } from '../../src/execution/types.js';
import { outsideJudge } from '../../src/tasks/plus/outside-judge.js';
import { type SuiteCase, suiteProgram } from '../../src/tasks/plus/suite-program.js';
import { LIMITS } from './helpers.js';

const INPUTS: [bigint, bigint][] = [
  [1n, 2n],
  [5n, 7n],
  [10n, -3n],
];

const cases: SuiteCase[] = INPUTS.map(([a, b], index) => ({
  index,
  args: `[${a}, ${b}]`,
  expected: String(a + b),
  isDigest: false,
  limitS: 1,
  cap: 4096,
}));

const common = { dataset: 'mbpp', entryPoint: 'add', atol: 0, cases, total: cases.length } as const;
const tests = suiteProgram({ mode: 'outside', ...common });
const judge = outsideJudge({
  ...common,
  cases: INPUTS.map(([a, b], index) => ({ index, args: [a, b], expected: { value: a + b } })),
  expectedDigest: 'fixture',
});

let executor: Executor;
beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
});
afterAll(async () => {
  await executor?.close();
});

async function run(candidate: string, withJudge = true): Promise<Verdict> {
  const program: Program = {
    language: 'python',
    source: `${candidate}\n${tests}`,
    ...(withJudge ? { judge } : {}),
  };
  const verdict = (await executor.run([{ id: 'x', program, limits: LIMITS }])).get('x');
  if (!verdict) throw new Error('no verdict');
  return verdict;
}

const CORRECT = 'def add(a, b):\n    return a + b\n';
const WRONG = 'def add(a, b):\n    return a - b\n';

/** Finds the runner's nonce in its own stack, writes the end marker and leaves before the tests. */
const FORGED_END = `
import os, sys
frame, nonce = sys._getframe(), None
while frame is not None and nonce is None:
    nonce = frame.f_locals.get("nonce")
    frame = frame.f_back
os.write(3, ('{"n": "%s", "e": "end"}\\n' % nonce).encode())
os._exit(0)
`;

describe('outside judge', () => {
  it('passes a correct program and fails a wrong one, naming the input', async () => {
    expect((await run(CORRECT)).status).toBe('passed');
    const wrong = await run(WRONG);
    expect(wrong).toMatchObject({ status: 'failed', errorType: 'WrongOutput' });
    expect(wrong.message).toBe('input 0 of 3: got -1, expected 3');
  });

  it('fails an early exit with a forged end marker', async () => {
    const attack = `${WRONG}${FORGED_END}`;
    // Without the judge it no longer works either: no frame holds the nonce (docs/security.md),
    // and an end line with another nonce is a forged event (tamper).
    const forged = { status: 'failed', errorType: 'Tamper', tamper: 'forged-event' };
    expect(await run(attack, false)).toMatchObject(forged);
    expect(await run(attack)).toMatchObject(forged);
  });

  it('fails a settrace hook that replaces the test code with a pass', async () => {
    const attack = `${WRONG}
import sys
def _tracer(frame, event, arg):
    g = frame.f_globals
    for name in list(g):
        if name.startswith("_passk_") and callable(g[name]) and name not in ("_passk_call",):
            g[name] = lambda *a, **k: True
    return None
sys.settrace(_tracer)
`;
    // The driver's own functions became no-ops (it wrote nothing, no pass), and the trace hook
    // still set when the program ends is a tamper (runner.py verify()).
    expect(await run(attack)).toMatchObject({ status: 'failed', tamper: 'hook-during-tests' });
  });

  it('fails patched builtins and an object equal to everything', async () => {
    const patched = `${WRONG}
import builtins, json
builtins.isinstance = lambda *a: True
builtins.AssertionError = type("Nothing", (Exception,), {})
json.dumps = lambda *a, **k: '{"e": "o", "i": 0, "v": 3}'
`;
    // Every line now claims input 0 (with the right answer): no output for inputs 1 and 2; and
    // builtins still patched when the program ends is a tamper (runner.py verify()).
    expect(await run(patched)).toMatchObject({ status: 'failed', tamper: 'builtins-patched' });
    const liar = `
class Anything:
    def __eq__(self, other):
        return True
    __hash__ = object.__hash__
def add(a, b):
    return Anything()
`;
    expect(await run(liar)).toMatchObject({ status: 'failed', errorType: 'WrongOutput' });
  });

  it('fails a program that forges outputs it did not compute (it cannot know them)', async () => {
    const attack = `${WRONG}
import os
os.write(3, b'{"e": "o", "i": 0, "v": 999}\\n{"e": "o", "i": 1, "v": 999}\\n{"e": "o", "i": 2, "v": 999}\\n')
`;
    const verdict = await run(attack);
    expect(verdict.status).toBe('failed');
    expect(['WrongOutput', 'DuplicateOutput']).toContain(verdict.errorType);
  });
});
