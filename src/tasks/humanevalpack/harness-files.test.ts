import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import { humanEvalPack, type PackProblem } from './task.js';

const PROBLEM = {
  id: 'Python/0',
  language: 'python',
  prompt: 'def add(a, b):\n',
  datasetPrompt: 'def add(a, b):\n',
  tests: '\ndef check(add):\n    assert add(1, 2) == 3\n\ncheck(add)',
  entryPoint: 'add',
  meta: {},
} as unknown as PackProblem;

describe('HumanEvalPack Python programs assembled from the harness file', () => {
  it('a program is the one snapshotted', () => {
    const task = humanEvalPack('python', 'synthesize');
    expect(task.program(PROBLEM, 'def add(a, b):\n    return a + b\n')).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['python_imports.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
