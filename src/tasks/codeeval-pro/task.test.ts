import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionReading } from '../../pipeline/candidates.js';
import { readGenerationsFile } from '../../store/formats/index.js';
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

  it("reads upstream's own results.jsonl, whose task_id is the dataset's integer id", async () => {
    const task = codeEvalPro('mbpp-pro');
    const problems = task.problems([row], 'rows.json');
    const dir = await mkdtemp(join(tmpdir(), 'passk-pro-ids-'));
    try {
      const file = join(dir, 'results.jsonl');
      await writeFile(file, `${JSON.stringify({ task_id: 7, completion: row.raw_solution })}\n`);
      const read = await readGenerationsFile(file, problems, completionReading(task));
      expect(read.records.map((r) => [r.problemId, r.program])).toEqual([
        ['MbppPro/7', row.raw_problem + row.raw_solution],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
