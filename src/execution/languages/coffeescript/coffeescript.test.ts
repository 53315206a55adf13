import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';

/** The wrong canary made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.coffee').replace('a - b', 'a + b');

describe('the coffeescript language', () => {
  it('runs in the real sandbox: right passes, wrong fails, early exits and a patched assert do not pass', async () => {
    const verdicts = await preflightVerdicts('coffeescript', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    expect(verdicts.get('early-exit-0')?.status).toBe('incomplete');
    expect(verdicts.get('early-exit-1')?.status).toBe('incomplete');
    expect(verdicts.get('harness-attack-0')?.status).toBe('failed');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 180_000);

  it('a syntax error is a compile error and nothing runs', async () => {
    await expect(preflightVerdicts('coffeescript', 'x = (\n')).rejects.toThrow(
      /reference-0: expected passed, got error \(CompileError: .*missing \)/,
    );
  }, 180_000);
});
