import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { groovy } from './groovy.js';

/** The wrong canary (McEval's shape: a class, then top-level asserts), made right. */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.groovy').replace('a - b', 'a + b');

describe('the groovy language', () => {
  it("reads Groovy's 'startup failed' (a syntax error, e.g. Groovy 3's do-while) as a compile error", async () => {
    const { adapter } = await groovy.resolve({});
    const stderrTail =
      'org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:\n/scratch/run-1/program.groovy: 3: unexpected token: do @ line 3, column 1.\n';
    const diagnosis = adapter.diagnose?.({ exitCode: 1, stderrTail } as RawOutcome);
    expect(diagnosis?.errorType).toBe('CompileError');
    expect(diagnosis?.message).toContain('unexpected token: do');
  });

  it('runs in the real sandbox: right passes, wrong fails, early exits and a forged end do not pass', async () => {
    const verdicts = await preflightVerdicts('groovy', RIGHT);
    expect(verdicts.get('reference-0')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.errorType).toBe('AssertionFailed');
    for (const id of ['early-exit-0', 'early-exit-1']) {
      expect(verdicts.get(id)?.status, id).toBe('incomplete');
    }
    expect(verdicts.get('harness-attack-0')?.status).toBe('failed');
    expect(verdicts.get('sleeper')?.status).toBe('timeout');
  }, 300_000);
});
