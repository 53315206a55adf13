import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessFiles, pythonCompileFailures } from '../../core/harness-checks.test-helpers.js';
import type { Problem } from '../types.js';
import { type LeetcodeData, leetcodeContest } from './task.js';

const PROBLEM: Problem<LeetcodeData> = {
  id: 'weekly-contest-1-1',
  language: 'python',
  prompt: 'class Solution:\n    def f(self, x: int) -> int:\n',
  datasetPrompt: 'class Solution:\n    def f(self, x: int) -> int:\n',
  tests: '\ndef check(candidate):\n    assert candidate(1) == 2\ncheck(Solution().f)\n',
  entryPoint: 'f',
  meta: { difficulty: 'Easy', title: 'One', url: 'https://leetcode.com', promptSft: '' },
};

describe('LeetCode contest programs assembled from the harness file', () => {
  it('a program is the one snapshotted', () => {
    const candidate = `${PROBLEM.prompt}        return x + 1\n`;
    expect(leetcodeContest.program(PROBLEM, candidate)).toMatchSnapshot();
  });

  it('every Python harness file compiles', () => {
    const files = harnessFiles(import.meta.url, 'py');
    expect(files.map((file) => basename(file))).toEqual(['imports.py']);
    expect(pythonCompileFailures(files)).toBe('');
  });
});
