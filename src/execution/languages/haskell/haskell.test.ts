import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { PASSK_MAIN } from './haskell.js';

/** The wrong canary (McEval's shape: `error "Test failed"` in main), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.hs').replace('a - b', 'a + b');

describe('the haskell language', () => {
  it('PasskMain.hs type-checks with every warning an error (ghc -Wall -Werror)', async () => {
    const files = {
      'Main.hs': 'module Main (main) where\nmain :: IO ()\nmain = pure ()\n',
      'PasskMain.hs': PASSK_MAIN,
    };
    const argv = [
      '/usr/bin/ghc',
      '-Wall',
      '-Werror',
      '-fno-code',
      '-main-is',
      'PasskMain',
      'Main.hs',
      'PasskMain.hs',
    ];
    await checkFiles(files, argv);
    expect(PASSK_MAIN).toMatch(/^module PasskMain/);
  }, 120_000);

  it('runs in the real sandbox: right passes, wrong fails, early exits and a printed failure do not pass', async () => {
    const verdicts = await preflightVerdicts('haskell', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('TestFailure');
    for (const id of ['early-exit-0', 'early-exit-1']) {
      expect(verdicts.get(id)?.status, id).toBe('incomplete');
    }
    expect(verdicts.get('harness-attack-0')?.errorType).toBe('FailInOutput');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 300_000);
});
