import { describe, expect, it } from 'vitest';
import { codeEvalPro } from './task.js';

/** One row of the CodeEval-Pro shape (written here, not taken from the dataset). */
const row = {
  id: 7,
  raw_problem: '# Double it.\ndef double(x):\n',
  raw_solution: '    return 2 * x\n',
  new_problem: '# Double every item.\ndef double_all(xs):\n',
  new_solution: '    return [double(x) for x in xs]\n',
  test_code: 'assert double_all([1, 2]) == [2, 4]\n',
};

describe('CodeEval-Pro generations files', () => {
  it('a "completion" row is read as harness.py reads it: the raw problem, then the completion', () => {
    const task = codeEvalPro('mbpp-pro');
    const [problem] = task.problems([row], 'rows.json');
    const completion = `${row.raw_solution}${row.new_problem}${row.new_solution}`;
    // harness.py: `problems[id]['raw_problem'] + completion` for every completion row.
    expect(task.fromCompletion?.(problem!, completion)).toBe(`${row.raw_problem}${completion}`);
  });
});
