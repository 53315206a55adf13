import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatasetError } from '../core/errors.js';
import { parseDataset } from './parse.js';
import { validateRows } from './validate.js';

const schema = z.object({
  task_id: z.string(),
  entry_point: z.string(),
  test_list: z.array(z.string()),
});

const good = { task_id: 'Toy/0', entry_point: 'add', test_list: ['assert add(1, 2) == 3'] };

function validationError(run: () => unknown): DatasetError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError);
    return error as DatasetError;
  }
  throw new Error('expected a DatasetError');
}

describe('validateRows', () => {
  it('returns the parsed rows in order, without unknown fields', () => {
    const rows = [
      { ...good, extra: 1 },
      { ...good, task_id: 'Toy/1' },
    ];
    expect(validateRows({ rows, file: '/d/toy.jsonl' }, schema)).toEqual([
      good,
      { ...good, task_id: 'Toy/1' },
    ]);
  });

  it('names file, row, line and field of a wrong type', async () => {
    const lines = [good, good, { ...good, entry_point: 7 }].map((row) => JSON.stringify(row));
    const rows = await parseDataset(
      new TextEncoder().encode(`\n${lines.join('\n')}`),
      '/d/HumanEval.jsonl',
    );
    const error = validationError(() => validateRows({ rows, file: '/d/HumanEval.jsonl' }, schema));
    expect(error.message).toBe(
      "HumanEval.jsonl row 3 (line 4): field 'entry_point': expected string, got number",
    );
    expect(error.hint).toContain('/d/HumanEval.jsonl');
  });

  it('says a field is missing, and counts the other bad rows', () => {
    const rows = [good, { task_id: 'Toy/1', test_list: [] }, { ...good, task_id: null }];
    const error = validationError(() => validateRows({ rows, file: 'toy.json' }, schema));
    expect(error.message).toBe(
      "toy.json row 2: field 'entry_point': missing (expected string) (1 more rows fail)",
    );
  });

  it('writes nested paths the way a user would', () => {
    const rows = [{ ...good, test_list: ['ok', 3] }];
    const error = validationError(() => validateRows({ rows, file: 'toy.parquet' }, schema));
    expect(error.message).toBe(
      "toy.parquet row 1: field 'test_list[1]': expected string, got number",
    );
  });

  it('falls back to zod’s message for other checks', () => {
    const strict = z.object({ task_id: z.string().min(3) });
    const error = validationError(() =>
      validateRows({ rows: [{ task_id: 'x' }], file: 'toy.jsonl' }, strict),
    );
    expect(error.message).toMatch(/^toy\.jsonl row 1: field 'task_id': .*3/);
  });
});
