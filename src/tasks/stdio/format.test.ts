import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../core/errors.js';
import { isStdioRow, stdioProblems } from './format.js';
import { stdioInstruction } from './task.js';

const row = (extra: Record<string, unknown> = {}) => ({
  statement: 'Print a + b.',
  tests: [{ input: '1 2\n', output: '3\n' }],
  ...extra,
});

describe('the stdio JSONL format', () => {
  it('reads statement, tests and the optional fields', () => {
    const [a, b] = stdioProblems(
      [row(), row({ id: 7, date: '2024-05-01T10:00:00Z', time_limit: 0.5, solution: 'print(3)' })],
      'p.jsonl',
    );
    expect(a).toMatchObject({ id: 'stdio/1', language: 'python', prompt: 'Print a + b.' });
    expect(a!.date).toBeUndefined();
    expect(b).toMatchObject({ id: '7', date: '2024-05-01', reference: 'print(3)' });
    expect(b!.meta['timeLimitMs']).toBe(500);
    expect(b!.meta['cases']).toEqual([{ input: '1 2\n', output: '3\n' }]);
  });

  it('names the row and field of what does not fit', () => {
    const cases: [Record<string, unknown>, string][] = [
      [row({ tests: [] }), "p.jsonl row 2: field 'tests': needs at least one {input, output} test"],
      [
        row({ tests: [{ input: '1', output: 2 }] }),
        "field 'tests[0].output': expected string, got number",
      ],
      [row({ language: 'cobol' }), "field 'language': must be python, cpp or javascript"],
      [row({ date: 'May 2024' }), "field 'date': must be an ISO date, YYYY-MM-DD"],
      [row({ statement: undefined }), "field 'statement': missing (expected string)"],
    ];
    for (const [bad, message] of cases) {
      expect(() => stdioProblems([row(), bad], 'p.jsonl')).toThrow(message);
    }
    expect(() => stdioProblems([row({ id: 'x' }), row({ id: 'x' })], 'p.jsonl')).toThrow(
      DatasetError,
    );
    expect(() => stdioProblems([row(), row({ language: 'cpp' })], 'p.jsonl')).toThrow(
      "p.jsonl row 2: field 'language': 'cpp', but row 1 is 'python'",
    );
  });

  it("takes one reference's comparison per file, passk's lenient tokens when none is named", () => {
    const [plain] = stdioProblems([row()], 'p.jsonl');
    expect(plain!.meta['comparison']).toBe('tokens');
    const [lcb] = stdioProblems([row({ comparison: 'livecodebench' })], 'p.jsonl');
    expect(lcb!.meta['comparison']).toBe('livecodebench');
    expect(() => stdioProblems([row(), row({ comparison: 'codecontests' })], 'p.jsonl')).toThrow(
      "p.jsonl row 2: field 'comparison': 'codecontests', but row 1 is 'tokens'",
    );
    expect(() => stdioProblems([row({ comparison: 'apps' })], 'p.jsonl')).toThrow(
      "field 'comparison'",
    );
  });

  it('is told apart from passk’s custom format by its statement and tests list', () => {
    expect(isStdioRow(row())).toBe(true);
    expect(isStdioRow({ task_id: '1', prompt: 'def f():', tests: 'assert f()' })).toBe(false);
  });

  it('asks a chat model for a whole program in the row’s language', () => {
    const [problem] = stdioProblems([row({ language: 'cpp' })], 'p.jsonl');
    const text = stdioInstruction(problem!);
    expect(text).toContain('in C++17');
    expect(text).toContain('standard input');
    expect(text).toContain('```cpp code block');
    expect(text).not.toContain('3\n'); // expected outputs are never in the prompt
  });
});
