import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { type CruxMeta, type CruxMode, cruxProgram } from './task.js';

function problem(mode: CruxMode): Problem<CruxMeta> {
  const meta = { code: 'def f(x):\n    return x + 1', input: '1', output: '2', mode };
  return { id: 'sample_0', language: 'python', prompt: '', datasetPrompt: '', tests: '', meta };
}

describe('CRUXEval programs assembled from the harness files', () => {
  it('an output prediction is the one snapshotted', () => {
    expect(cruxProgram(problem('output'), '2')).toMatchSnapshot();
  });
  it('an input prediction is the one snapshotted', () => {
    expect(cruxProgram(problem('input'), 'f(1)')).toMatchSnapshot();
  });
  it('a refused answer is the one snapshotted', () => {
    expect(cruxProgram(problem('input'), '1')).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['answer.py', 'check.py', 'refused.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
