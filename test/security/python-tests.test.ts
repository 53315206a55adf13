/**
 * Python candidates that try to disable the tests they run beside (issue 9, item 8, in-process
 * part): a trace hook that swaps `check`, patched builtins, and patched runner functions that
 * turn a failure report into the end event. The runner runs the candidate and the tests as two
 * code objects and restores the interpreter in between, so each attack is 'failed'; a correct
 * candidate (one using doctest, which sets a trace itself) still passes and a wrong one fails.
 */
import { describe, expect, it } from 'vitest';
import { PYTHON_TESTS_MARKER } from '../../src/tasks/kit/python-program.js';
import { securityExecutorForFile } from '../helpers/security-executor.js';
import { verdictOf } from './helpers.js';

const TESTS = `
def check(candidate):
    assert abs(candidate(0.5, 0.25) - 0.75) < 1e-9
    assert abs(candidate(2, 3) - 5) < 1e-9

check(add)
`;
const RIGHT = 'def add(a, b):\n    """>>> add(1, 2)\n    3\n    """\n    return a + b\n';
const WRONG = 'def add(a, b):\n    return a - b\n';

const ATTACKS: Record<string, string> = {
  // Swaps `check` for a no-op as soon as the tests define it.
  'a trace hook that swaps check': `${WRONG}import sys
def _swap(frame, event, arg):
    if event == 'line' and 'check' in frame.f_globals:
        frame.f_globals['check'] = lambda candidate: None
    return _swap
sys._getframe().f_trace = _swap
sys.settrace(_swap)
`,
  // abs() always 0 makes every assert pass.
  'patched builtins': `${WRONG}import builtins
builtins.abs = lambda x: 0
`,
  // The runner's own report function writes the end event instead of the failure, and exit
  // status is forced to 0.
  'patched runner functions': `${WRONG}import os, sys
_runner = sys.modules.get('runner')
if _runner is not None:
    _write, _exit = os.write, os._exit
    def _forged(nonce, event, **fields):
        _write(3, ('{"n": "%s", "e": "end"}\\n' % nonce).encode())
    _runner._report = _forged
    os._exit = lambda status: _exit(0)
`,
  // json's module-level encoder rewrites the failure report into an end event; an atexit
  // callback then makes the exit status 0.
  'a replaced json encoder and an atexit exit(0)': `${WRONG}import atexit, json, os
class _Encoder:
    def encode(self, fields):
        return '{"n": "%s", "e": "end"}' % fields["n"]
json._default_encoder = _Encoder()
_exit = os._exit
atexit.register(lambda: _exit(0))
`,
};

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

const program = (candidate: string) => `${candidate}${PYTHON_TESTS_MARKER}${TESTS}`;

describe('a Python candidate cannot disable the tests that run beside it', () => {
  it('passes a right candidate (even one that runs doctest) and fails a wrong one', async () => {
    const withDoctest = `${RIGHT}import doctest\ndoctest.testmod()\n`;
    expect((await verdictOf(executor(), program(RIGHT))).status).toBe('passed');
    expect((await verdictOf(executor(), program(withDoctest))).status).toBe('passed');
    expect(await verdictOf(executor(), program(WRONG))).toMatchObject({
      status: 'failed',
      errorType: 'AssertionError',
    });
  });

  it.each(Object.keys(ATTACKS))('%s: the wrong candidate still fails', async (name) => {
    const verdict = await verdictOf(executor(), program(ATTACKS[name]!));
    expect(verdict).toMatchObject({ status: 'failed', errorType: 'AssertionError' });
  });
});
