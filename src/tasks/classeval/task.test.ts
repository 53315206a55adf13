import { describe, expect, it } from 'vitest';
import { classeval } from './task.js';

/** One row of ClassEval's shape (written here, not taken from the dataset). */
const row = {
  task_id: 'ClassEval_900',
  class_name: 'Counter',
  skeleton: 'class Counter:\n    def up(self):\n        pass\n',
  test: 'import unittest\nclass CounterTestUp(unittest.TestCase):\n    def test_up(self):\n        self.assertEqual(Counter().up(), 1)\n',
  test_classes: ['CounterTestUp'],
  solution_code: 'class Counter:\n    def up(self):\n        return 1\n',
  import_statement: [],
};

describe('ClassEval generations files', () => {
  it('a "completion" row is read as test_pipeline.py reads a prediction: extract_code, then add_static_statement', () => {
    const task = classeval();
    const [problem] = task.problems([row], 'rows.json');
    const reply = `Here is the class:\n\`\`\`python\n${row.solution_code}\n    def twice(x):\n        return 2 * x\n\`\`\`\nIt counts.`;
    expect(task.fromCompletion?.(problem!, reply)).toBe(
      `\n${row.solution_code}\n    @staticmethod\n    def twice(x):\n        return 2 * x\n`,
    );
  });

  it('a decoded output with the Alpaca prompt is cut after "### Response:", as upstream', () => {
    const task = classeval();
    const [problem] = task.problems([row], 'rows.json');
    const decoded = `${problem!.prompt}\`\`\`python\n${row.solution_code}\`\`\``;
    expect(task.fromCompletion?.(problem!, decoded)).toBe(`\n${row.solution_code}`);
  });
});
