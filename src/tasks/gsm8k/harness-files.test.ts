import { describe, expect, it } from 'vitest';
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
});
