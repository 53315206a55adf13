import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { KOTLIN_DIR_VARIABLE, kotlinScript, missingKotlin } from './kotlin.js';

/** The wrong canary (McEval's shape: `check` calls in a `main()` the script calls), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.kts').replace('a - b', 'a + b');

describe('the kotlin language', () => {
  it('puts the prologue after the imports and the sentinel last', () => {
    const lines = kotlinScript('// c\nimport a.b\nimport c.d\n\nfun f() = 1\nf()').split('\n');
    expect(lines.slice(0, 3)).toEqual(['// c', 'import a.b', 'import c.d']);
    expect(lines[3]).toMatch(/^val passk_nonce = /);
    expect(lines.at(-2)).toMatch(/^if \(passk_nonce/);
    expect(kotlinScript('fun f() = 1').split('\n')[0]).toMatch(/^val passk_nonce = /);
  });

  it('names the fix when the compiler is not installed', () => {
    const error = missingKotlin('/nonexistent/kotlin-compiler');
    expect(error?.message).toContain('/nonexistent/kotlin-compiler');
    expect(error?.hint).toContain('setup.sh --languages');
    expect(error?.hint).toContain(KOTLIN_DIR_VARIABLE);
  });

  // Every canary is compiled by kotlinc, which also checks the prologue and sentinel (a syntax error
  // in either fails the right program). 30 s each (McEval gives Kotlin 25 s).
  it('runs in the real sandbox: right passes, wrong fails, early exits and a forged end do not pass', async () => {
    const verdicts = await preflightVerdicts('kotlin', RIGHT, 30_000);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('IllegalStateException');
    for (const id of ['early-exit-0', 'early-exit-1']) {
      expect(verdicts.get(id)?.status, id).toBe('incomplete');
    }
    expect(verdicts.get('harness-attack-0')?.status).toBe('failed');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 600_000);
});
