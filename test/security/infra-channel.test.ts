/**
 * A sample cannot choose to be an `infra-error` (which would take it out of n and raise pass@k).
 * Harness failures travel only on the worker's own setup pipe; whatever a program prints, exits
 * with or leaves behind is a verdict about that program. Each attack runs between a correct and a
 * wrong sample on the same slot (one worker), which must still pass and fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/execution/types.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { BAD_PY, GOOD_PY, inOrder, LIMITS, type Sample } from './helpers.js';

let executor: Executor;

beforeAll(async () => {
  executor = await securityExecutor(1);
}, 60_000);
afterAll(async () => {
  await executor?.close();
});

/** [good, attack, good again, bad] on one slot; returns the attack's verdict after the controls. */
async function between(tag: string, attack: Sample, limits = LIMITS) {
  const before = executor.stats().infraErrors;
  const verdicts = await inOrder(
    executor,
    [
      [`${tag}-good`, 'python', GOOD_PY(`${tag} first`)],
      attack,
      [`${tag}-good-after`, 'python', GOOD_PY(`${tag} after`)],
      [`${tag}-bad`, 'python', BAD_PY(tag)],
    ],
    limits,
  );
  expect(verdicts[`${tag}-good`]?.status).toBe('passed');
  expect(verdicts[`${tag}-good-after`]?.status).toBe('passed');
  expect(verdicts[`${tag}-bad`]?.status).toBe('failed');
  expect(executor.stats().infraErrors).toBe(before);
  return verdicts[attack[0]]!;
}

describe('a sample cannot make itself an infrastructure error', () => {
  it('exit 70 with "passk runner setup failed" on stderr is an ordinary non-zero exit', async () => {
    const attack = `import os, sys\nsys.stderr.write("passk runner setup failed: fake\\n")\nsys.stderr.flush()\nos._exit(70)\n`;
    const verdict = await between('exit70', ['exit70-attack', 'python', attack]);
    expect(verdict).toMatchObject({ status: 'error', exitCode: 70 });
  }, 60_000);

  it('exit 127 with stderr starting "passk " (JavaScript) is the program failing', async () => {
    const attack = `process.stderr.write('passk exec failed: /usr/bin/node: not found\\n');\nprocess.exit(127);\n`;
    const verdict = await between('exit127', ['exit127-attack', 'javascript', attack]);
    expect(verdict).toMatchObject({ status: 'error', exitCode: 127 });
  }, 60_000);

  it('a 1,500-deep directory is cleaned up iteratively; the program keeps its own verdict', async () => {
    const attack = `import os\nfor _ in range(1500):\n    os.mkdir("d")\n    os.chdir("d")\nassert 1 == 2\n`;
    const verdict = await between('deep', ['deep-attack', 'python', attack]);
    expect(verdict.status).toBe('failed');
  }, 60_000);

  it('tens of thousands of files: cleanup stops at its bound, the sample is an error, the slot is rebuilt', async () => {
    const restarts = executor.stats().workerRestarts;
    const attack = `import os\nfor i in range(30000):\n    open("f%d" % i, "w").close()\n`;
    const verdict = await between('many', ['many-attack', 'python', attack], {
      ...LIMITS,
      timeoutMs: 20_000,
    });
    expect(verdict).toMatchObject({ status: 'error', errorType: 'CleanupFailed' });
    expect(executor.stats().workerRestarts).toBeGreaterThan(restarts);
  }, 90_000);

  it('a lone surrogate in a JavaScript source is written and run, not an infrastructure error', async () => {
    const attack = `const s = '\ud800';\nrequire('node:assert').strictEqual(typeof s, 'string');\n`;
    const verdict = await between('surrogate', ['surrogate-attack', 'javascript', attack]);
    expect(verdict.status).toBe('passed');
  }, 60_000);
});
