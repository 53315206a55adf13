import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { type Gsm8kData, palProgram } from './task.js';

const PROBLEM: Problem<Gsm8kData> = {
  id: 'gsm8k/0',
  language: 'python',
  prompt: 'Q: ...',
  datasetPrompt: 'Q: ...',
  tests: '',
  meta: { question: 'How many?', answer: '72' },
};

describe('PAL GSM8K programs assembled from the harness file', () => {
  it('a program is the one snapshotted', () => {
    const candidate = 'def solution():\n    return 72\nprint(solution())';
    expect(palProgram(PROBLEM, candidate)).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['pal_harness.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
