import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { withEndCall } from './pascal.js';

/** The wrong canary (McEval's shape: `{$ASSERTIONS ON}`, Assert), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.pas').replace('a - b', 'a + b');

describe('the pascal language', () => {
  it('passk_guard.pas compiles as a unit (fpc -n)', async () => {
    const text = harnessFile(import.meta.url, 'passk_guard.pas', { NONCE_FD, RESULT_FD });
    const units = '/usr/lib/x86_64-linux-gnu/fpc/3.2.2/units/x86_64-linux';
    const argv = ['/usr/bin/fpc', '-n', '-MObjfpc', `-Fu${units}/rtl`, 'passk_guard.pas'];
    await checkFiles({ 'passk_guard.pas': text }, argv);
    expect(text).toMatch(/^unit passk_guard;/);
  });

  it('calls passk_end before the last `end.`, on its line', () => {
    expect(withEndCall('begin\n  f\nend.\n')).toBe('begin\n  f\n;passk_end; end.\n');
    expect(withEndCall('procedure p; begin end;\nbegin p; End .')).toBe(
      'procedure p; begin end;\nbegin p; ;passk_end; End .',
    );
    expect(withEndCall('begin')).toBe('begin');
  });

  it('runs in the real sandbox: right passes, wrong fails, early exit and a no-op AssertErrorProc do not pass', async () => {
    const verdicts = await preflightVerdicts('pascal', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('AssertionFailed');
    expect(verdicts.get('early-exit-0')?.status).toBe('incomplete');
    expect(verdicts.get('harness-attack-0')?.tamper).toBe('assert-rebound');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);

  it('a program using SysUtils (which installs its own AssertErrorProc) passes, and fails when wrong', async () => {
    const uses = RIGHT.replace('{$ASSERTIONS ON}', '{$ASSERTIONS ON}\nuses SysUtils;');
    const verdicts = await preflightVerdicts('pascal', uses);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    const wrong = await preflightVerdicts('pascal', uses.replace('a + b', 'a - b')).catch(
      (error: Error) => error.message,
    );
    expect(wrong).toMatch(/reference-0: expected passed, got failed \(AssertionFailed/);
  }, 180_000);
});
