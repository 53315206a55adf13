import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';

/** The wrong canary in McEval's test shape (its `assert` prints and `stop`s), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.f90').replace('a - b', 'a + b');

describe('the fortran language', () => {
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
