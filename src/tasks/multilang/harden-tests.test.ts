import { describe, expect, it } from 'vitest';
import { hardenTests, javaAssertsAsThrows, shellErrexitCheck } from './harden-tests.js';

describe('hardenTests', () => {
  it('turns Java test asserts into unconditional throws, leaving other lines alone', () => {
    const tests =
      '    assert(f((1l)) == (2l));\n    assertEquals(1, 1);\n    assert x > 0 : "m";\n';
    expect(javaAssertsAsThrows(tests)).toBe(
      '    if (!((f((1l)) == (2l)))) throw new java.lang.AssertionError();\n    assertEquals(1, 1);\n    assert x > 0 : "m";\n',
    );
  });

  it("checks that the shell tests' set -e took effect", () => {
    const out = shellErrexitCheck('}\n\nset -e\nrun_test() {\n    [[ 1 = 1 ]]\n}\n');
    expect(out).toContain('set -e\npassk_errexit() { [[ -o errexit ]]');
    expect(out.split('\n')[3]).toMatch(/; passk_errexit$/);
  });

  it('leaves other languages as they are', () => {
    expect(hardenTests('javascript', 'set -e\nassert(x);\n')).toBe('set -e\nassert(x);\n');
  });
});
