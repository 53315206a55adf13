import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';

/** The wrong canary (McEval's shape: top-level `cl-assert` forms), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.el').replace('(- a b)', '(+ a b)');

describe('the elisp language', () => {
  it('runs in the real sandbox: right passes, wrong fails, early exit and rebound checks do not pass', async () => {
    const verdicts = await preflightVerdicts('elisp', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('AssertionFailed');
    expect(verdicts.get('early-exit-0')?.status).toBe('incomplete');
    for (const id of ['harness-attack-0', 'harness-attack-1', 'harness-attack-2']) {
      expect(verdicts.get(id)?.tamper, id).toBe('assert-rebound');
    }
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);
});
