import { describe, expect, it } from 'vitest';
import { harnessFiles, toolFailures } from '../../core/harness-checks.test-helpers.js';
import { shellErrexitCheck } from './harden-tests.js';
import { adaptTests } from './multipl-e-tests.js';
import { rustTestsAsMain } from './rust-tests.js';

describe('MultiPL-E and HumanEval-X test adapters with the harness files', () => {
  it('Lua tests are the ones snapshotted', () => {
    const tests = 'function test()\n  lu.assertEquals(f(1), 2)\nend\nos.exit(lu.LuaUnit.run())\n';
    expect(adaptTests('lua', tests)).toMatchSnapshot();
  });
  it('Racket tests are the ones snapshotted', () => {
    expect(adaptTests('rkt', '(require rackunit)\n(check-equal? (f 1) 2)\n')).toMatchSnapshot();
  });
  it('shell tests are the ones snapshotted', () => {
    expect(shellErrexitCheck('set -e\n[[ $(f 1) = 2 ]]\n')).toMatchSnapshot();
  });
  it('Rust tests are the ones snapshotted', () => {
    const tests =
      '#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn test_f() {\n        assert!(f(1) == 2);\n    }\n}\n';
    expect(rustTestsAsMain(tests)).toMatchSnapshot();
    expect(rustTestsAsMain('mod tests {}\n')).toMatchSnapshot();
    expect(rustTestsAsMain('/*\n#[test]\nfn t() {}\n*/\n')).toMatchSnapshot();
  });

  it('every harness file is accepted by its language tool', () => {
    const failures = [
      toolFailures(harnessFiles(import.meta.url, 'lua'), 'luac', ['-p']),
      toolFailures(harnessFiles(import.meta.url, 'sh'), 'bash', ['-n']),
      toolFailures(harnessFiles(import.meta.url, 'rkt'), 'raco', ['expand']),
      toolFailures(harnessFiles(import.meta.url, 'rs'), 'rustfmt', [
        '--check',
        '--edition',
        '2021',
      ]),
    ];
    expect(failures.join('')).toBe('');
  });
});
