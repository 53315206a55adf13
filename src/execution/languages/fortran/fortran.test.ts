import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { createExecutor, runPreflight } from '../../index.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { END_EVENT } from '../kit/process-runtime.js';

const LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30, outputBytes: 65_536 };

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
    const executor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 2,
    });
    try {
      const report = await runPreflight(executor, {
        language: 'fortran',
        references: [{ language: 'fortran', source: RIGHT }],
        limits: LIMITS,
      });
      expect(report.verdicts.get('reference-0')?.status).toBe('passed');
      expect(report.verdicts.get('wrong')?.status).toBe('failed');
      expect(report.verdicts.get('wrong')?.errorType).toBe('StopBeforeEnd');
      for (const id of ['early-exit-0', 'early-exit-1']) {
        expect(report.verdicts.get(id)?.status, id).toBe('failed');
      }
      expect(report.verdicts.get('sleeper')?.status).toBe('timeout');
    } finally {
      await executor.close();
    }
  }, 180_000);
});
