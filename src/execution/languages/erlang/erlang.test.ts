import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { moduleName, RUNNER } from './erlang.js';

/** The wrong canary (McEval's shape: test/0 of matches), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.erl').replace('A - B', 'A + B');

describe('the erlang language', () => {
  it('names the file after the module', () => {
    expect(moduleName('%% x\n-module(has_close).\n-export([f/1]).\n')).toBe('has_close');
    expect(moduleName('f() -> ok.\n')).toBe('program');
  });

  it('passk_erl.erl compiles with every warning an error (erlc +warnings_as_errors)', async () => {
    await checkFiles({ 'passk_erl.erl': RUNNER }, [
      '/usr/bin/erlc',
      '+warnings_as_errors',
      'passk_erl.erl',
    ]);
    expect(RUNNER).toMatch(/^-module\(passk_erl\)/);
  }, 60_000);

  it('runs in the real sandbox: right passes, wrong fails, early exits and a forged end do not pass', async () => {
    const verdicts = await preflightVerdicts('erlang', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('badmatch');
    for (const id of ['early-exit-0', 'early-exit-1', 'harness-attack-0']) {
      expect(verdicts.get(id)?.status, id).not.toBe('passed');
    }
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);
});
