import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../../core/source-files.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { preflightVerdicts } from '../kit/preflight.test-helpers.js';
import { GROOVY_DIR_VARIABLE, groovy, missingGroovy } from './groovy.js';

/**
 * The wrong canary (McEval's shape: a class, then top-level asserts), made right with what McEval's
 * references need: a Java lambda and a do-while, syntax errors in Groovy 2.4 (Groovy/15, /14), and
 * `list.size` of an ArrayList, its private field, which JDK 17 hides unless java.util is opened.
 */
const RIGHT = readSourceFile(import.meta.url, 'canaries/wrong.groovy').replace(
  'return a - b',
  [
    'def plus = (x, y) -> x + y',
    'ArrayList operands = [a, b]',
    'int sum = 0',
    'do { sum = plus(operands[0], operands[operands.size - 1]) } while (false)',
    'return sum',
  ].join('\n        '),
);

describe('the groovy language', () => {
  it('names the fix when Groovy 4 is not installed', () => {
    const error = missingGroovy('/nonexistent/groovy/lib');
    expect(error?.message).toContain('/nonexistent/groovy/lib/groovy-4.0.26.jar');
    expect(error?.hint).toContain('setup.sh --languages');
    expect(error?.hint).toContain(GROOVY_DIR_VARIABLE);
  });

  it('runs Groovy 4 with only its jars mounted', async () => {
    const { toolchain } = await groovy.resolve({});
    expect(toolchain.version).toMatch(/^groovy Groovy Version: 4\.0\.26 /);
    const jars = toolchain.mounts?.filter((path) => path.endsWith('.jar')) ?? [];
    expect(jars.map((jar) => jar.split('/').at(-1))).toEqual([
      'groovy-4.0.26.jar',
      'groovy-json-4.0.26.jar',
      'groovy-xml-4.0.26.jar',
      'groovy-dateutil-4.0.26.jar',
      'groovy-templates-4.0.26.jar',
    ]);
  });

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
