import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { ds1000Program } from './program.js';

function problem(tests: string): Problem {
  return { id: '0', language: 'python', prompt: '', datasetPrompt: '', tests, meta: {} };
}

describe('DS-1000 programs assembled from the harness file', () => {
  const context = 'def test_execution(solution):\n    exec(solution)\n';
  it('a program is the one snapshotted', () => {
    expect(ds1000Program(problem(context), 'result = "a\\nb"\n')).toMatchSnapshot();
  });
  it('a program whose context has test_string is the one snapshotted', () => {
    const withString = `${context}def test_string(solution):\n    pass\n`;
    expect(ds1000Program(problem(withString), 'result = 1')).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['run_answer.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
