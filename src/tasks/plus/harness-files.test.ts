import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import { ORACLE_SCRIPT } from './oracle-script.js';
import { type SuiteCase, suiteProgram } from './suite-program.js';

/** Fixed inputs whose assembled programs were snapshotted before the Python moved to .py files. */
const CASES: SuiteCase[] = [
  { index: 0, args: '[1, 2]', expected: '3', isDigest: false, limitS: 1.5, cap: 1000 },
  { index: 7, args: "['a' * 3]", expected: 'ab12', isDigest: true, limitS: 0.25, cap: 64 },
];

describe('EvalPlus programs assembled from the harness files', () => {
  it('the oracle script is the one snapshotted', () => {
    expect(ORACLE_SCRIPT).toMatchSnapshot();
  });

  for (const mode of ['outside', 'in-process'] as const) {
    for (const [dataset, atol] of [
      ['humaneval', 0],
      ['mbpp', 1e-6],
    ] as const) {
      it(`a ${mode} ${dataset} suite program is the one snapshotted`, () => {
        const input = { mode, dataset, entryPoint: 'add', atol, cases: CASES, total: 9 };
        expect(suiteProgram(input)).toMatchSnapshot();
      });
    }
  }

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual([
      'call.py',
      'check_output.py',
      'encode.py',
      'in_process_loop.py',
      'literal.py',
      'oracle.py',
      'outside_loop.py',
      'suite_config.py',
    ]);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
