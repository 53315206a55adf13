import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { vimProgram } from './vimscript.js';

/** The wrong canary (McEval's shape: `if assert_equal(…) | cq | endif`, then `exit(0)`), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.vim').replace(
  'a:a - a:b',
  'a:a + a:b',
);

describe('the vimscript language', () => {
  it('runs in the real sandbox: right passes, wrong fails, early exits and an erroring test do not pass', async () => {
    const verdicts = await preflightVerdicts('vimscript', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('AssertionFailed');
    expect(verdicts.get('early-exit-0')?.status).toBe('incomplete');
    expect(verdicts.get('early-exit-1')?.status).toBe('incomplete');
    // No function: the tests' `if` is an error and its `cq` skipped (a pass for McEval).
    expect(verdicts.get('harness-attack-0')).toMatchObject({ status: 'error', errorType: 'E117' });
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);

  it('an error the program silences (silent!, try) does not fail it', async () => {
    const silenced = RIGHT.replace(
      '  return',
      '  silent! call Missing()\n  try | call Missing() | catch | endtry\n  return',
    );
    const verdicts = await preflightVerdicts('vimscript', silenced);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
  }, 180_000);

  it('an unclosed function (the prompt alone) ends at once as an error, not at the time limit', async () => {
    const unclosed =
      'function! Add(a, b) abort\nif assert_equal(2, Add(1, 1)) | cq | endif\nexit(0)\n';
    await expect(preflightVerdicts('vimscript', unclosed)).rejects.toThrow(
      /reference-0: expected passed, got error \(E126: .*Missing :endfunction\)/,
    );
  }, 180_000);

  it("puts the sentinel before the tests' final quit, else at the end, and always quits", () => {
    const quitting = vimProgram('call F()\nexit(0)\n').split('\n');
    expect(quitting.at(-3)).toBe('exit(0)');
    expect(quitting.at(-4)).toContain('/proc/self/fd/');
    const open = vimProgram('call F()\n').split('\n');
    expect(open.at(-3)).toContain('/proc/self/fd/');
    expect(open.at(-2)).toBe('qall!');
  });
});
