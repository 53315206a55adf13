import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { END_EVENT } from '../kit/process-runtime.js';

/** The wrong canary in McEval's test shape (its `assert` prints and `stop`s), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.f90').replace('a - b', 'a + b');

describe('the fortran language', () => {
  it('passk_main.c compiles (gcc -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_main.c', {
      RESULT_FD,
      NONCE_FD,
      END_EVENT,
      STOPPED: '"stopped"',
    });
    const argv = ['/usr/bin/gcc', '-Wall', '-Werror', '-fsyntax-only', 'passk_main.c'];
    await checkFiles({ 'passk_main.c': text }, argv);
    expect(text).toContain('atexit(passk_stopped_early)');
  });

  it('runs in the real sandbox: a true assert passes, a stopped (failed) one and early exits do not', async () => {
    const verdicts = await preflightVerdicts('fortran', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    expect(verdicts.get('wrong')?.errorType).toBe('StopBeforeEnd');
    for (const id of ['early-exit-0', 'early-exit-1']) {
      expect(verdicts.get(id)?.status, id).toBe('failed');
    }
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);
});
