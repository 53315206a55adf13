import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { type QuixData, quixProgram } from './task.js';

function problem(name: string): Problem<QuixData> {
  return {
    id: name,
    language: 'python',
    prompt: '',
    datasetPrompt: '',
    tests: '[[1, 2], 3]\n\n[[0, 0], 0]\n',
    entryPoint: name,
    meta: { imports: 'import string', buggy: '' },
  };
}

describe('QuixBugs programs assembled from the harness file', () => {
  // A plain check and each of upstream's special ones (list(), approx, expected, skip).
  for (const name of ['gcd', 'flatten', 'sqrt', 'hanoi', 'knapsack']) {
    it(`${name}'s program is the one snapshotted`, () => {
      expect(
        quixProgram(problem(name), `def ${name}(a, b):\n    return a + b\n`),
      ).toMatchSnapshot();
    });
  }

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['tests.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
