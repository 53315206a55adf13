import { describe, expect, it } from 'vitest';
import { customProblems } from './task.js';

/** Issue 29 item 5: a bad row is refused naming the file, the row and what was wrong. */
describe('customProblems refusals', () => {
  const row = { task_id: 'a', prompt: 'x', tests: 'assert 1' };

  it('a task_id that is neither text nor a whole number says what it got', () => {
    expect(() => customProblems([row, { ...row, task_id: null }], '/d/bench.jsonl')).toThrow(
      "bench.jsonl row 2: field 'task_id': expected a non-empty text or a whole number, got null",
    );
  });

  it('a language passk cannot run names the file and row, not only the runtime', () => {
    expect(() => customProblems([{ ...row, language: 'cobol' }], '/d/bench.jsonl')).toThrow(
      "bench.jsonl row 1: field 'language': passk cannot run 'cobol'",
    );
    expect(() => customProblems([{ ...row, language: 'pyhton' }], '/d/bench.jsonl')).toThrow(
      "did you mean 'python'?",
    );
  });
});
