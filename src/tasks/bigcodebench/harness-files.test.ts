import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { bigcodebenchProgram, bigcodebenchTests } from './program.js';

const TESTS = bigcodebenchTests(
  'import unittest\nclass TestCases(unittest.TestCase):\n    def test_one(self):\n        self.assertEqual(task_func(), 1)\n',
);
const PROBLEM: Problem = {
  id: 'BigCodeBench/0',
  language: 'python',
  prompt: 'def task_func():\n',
  datasetPrompt: 'def task_func():\n',
  tests: TESTS,
  entryPoint: 'task_func',
  meta: {},
};

describe('BigCodeBench programs assembled from the harness files', () => {
  it('a program is the one snapshotted', () => {
    expect(bigcodebenchProgram(PROBLEM, 'def task_func():\n    return 1\n')).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['preamble.py', 'run_tests.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
