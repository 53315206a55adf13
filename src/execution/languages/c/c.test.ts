import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { sourceFilePath } from '../../../core/source-files.js';
import { createExecutor, runPreflight } from '../../index.js';
import { runtimes } from '../index.js';
import { testsMarker } from '../kit/test-binding.js';

const LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30, outputBytes: 65_536 };

describe('the c language', () => {
  it('its harness files pass their own tools: gcc -fsyntax-only -Wall -Werror, sh -n', () => {
    const wrapper = sourceFilePath(import.meta.url, 'passk_main.c');
    execFileSync('gcc', [
      '-fsyntax-only',
      '-Wall',
      '-Wextra',
      '-Werror',
      '-DPASSK_NONCE_FD=5',
      '-DPASSK_RESULT_FD=3',
      wrapper,
    ]);
    execFileSync('sh', ['-n', sourceFilePath(import.meta.url, 'link.sh')]);
    // The check fails on a broken file.
    const broken = `${mkdtempSync(`${tmpdir()}/passk-c-`)}/broken.c`;
    writeFileSync(broken, 'int main(void) { return 0 }\n');
    expect(() => execFileSync('gcc', ['-fsyntax-only', broken], { stdio: 'ignore' })).toThrow();
  });

  it('a candidate defining what the marked tests define (its own main) does not link, as in one file', async () => {
    // McEval's C program is one file: an answer's own main left after extraction redefines the
    // tests' main, a compile error there; apart, the candidate's main was made local and passed.
    const tests =
      '#include <assert.h>\nint f(void);\nint main(void) { assert(f() == 1); return 0; }\n';
    const program = (candidate: string) => ({
      language: 'c' as const,
      source: `${candidate}\n${testsMarker(['f'])}\n${tests}`,
    });
    const executor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 1,
    });
    try {
      const verdicts = await executor.run([
        {
          id: 'own-main',
          program: program(
            '#include <stdio.h>\nint f(void) { return 1; }\nint main(void) { puts("demo"); }',
          ),
          limits: LIMITS,
        },
        { id: 'no-main', program: program('int f(void) { return 1; }'), limits: LIMITS },
      ]);
      expect(verdicts.get('own-main')?.status).toBe('error');
      expect(verdicts.get('own-main')?.message).toContain('redefinition of main');
      expect(verdicts.get('no-main')?.status).toBe('passed');
    } finally {
      await executor.close();
    }
  }, 120_000);

  it('runs its canaries through the real sandbox: wrong fails, early exits and rebindings do not pass', async () => {
    const executor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 2,
    });
    try {
      const report = await runPreflight(executor, {
        language: 'c',
        references: [],
        limits: LIMITS,
      });
      expect(report.verdicts.get('wrong')?.status).toBe('failed');
      const { canaries } = await runtimes.get('c');
      for (const index of (canaries.rebindings ?? []).keys()) {
        expect(report.verdicts.get(`rebinding-${index}`)?.status).toBe('failed');
      }
    } finally {
      await executor.close();
    }
  }, 120_000);
});
