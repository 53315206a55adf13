import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import { fakeProblem, tempFiles } from './__fixtures__/helpers.js';
import { readGenerationsFile } from './index.js';

const tempFile = tempFiles();

// Problems named as the cruxeval-x tasks name theirs, with CRUXEval's id as their file id.
const problems: Problem[] = ['3', '7'].map((id) => ({
  ...fakeProblem(`CRUXEval-X/lua/${id}`),
  fileIds: [id],
}));
const answer = (problem: Problem, text: string) => `${problem.id}=${text}`;

async function resultFile(entries: unknown): Promise<string> {
  const file = await tempFile('lua_output.json');
  await writeFile(file, JSON.stringify(entries, null, 4));
  return file;
}

async function readError(entries: unknown, options = {}): Promise<GenerationsError> {
  const file = await resultFile(entries);
  const error = await readGenerationsFile(file, problems, { fromCompletion: answer, ...options })
    .then(() => undefined)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GenerationsError);
  return error as GenerationsError;
}

describe("CRUXEval-X's result files ({lang}_{mode}.json)", () => {
  it("reads each entry's answer as a completion row of the problem with that CRUXEval id", async () => {
    // as infer_results/ holds them: upstream's verdict and program beside the answer, and
    // entries with only an id for CRUXEval problems the language does not have
    const file = await resultFile([
      { id: 1, res: 0 },
      { id: 3, res: false, error: 'Exception', code: 'ignored', answer: '{1, 2}' },
      { id: 7, code: 'x', answer: '"a"' },
      { id: 9, res: 0 },
    ]);
    const read = await readGenerationsFile(file, problems, { fromCompletion: answer });
    expect(read.format).toBe('cruxeval-x');
    expect(read.records).toEqual([
      { problemId: 'CRUXEval-X/lua/3', sample: 0, program: 'CRUXEval-X/lua/3={1, 2}' },
      { problemId: 'CRUXEval-X/lua/7', sample: 0, program: 'CRUXEval-X/lua/7="a"' },
    ]);
  });

  it('refuses an answer for a problem not selected, and a problem without an answer', async () => {
    const unknown = await readError([
      { id: 3, answer: 'x' },
      { id: 7, answer: 'y' },
      { id: 12, answer: 'z' },
    ]);
    expect(unknown.message).toMatch(/answers for 1 id not among the 2 selected problems: '12'/);
    const missing = await readError([{ id: 3, answer: 'x' }, { id: 7 }]);
    expect(missing.message).toMatch(/no samples for 1 selected problem: 'CRUXEval-X\/lua\/7'/);
    const allowed = await readGenerationsFile(
      await resultFile([{ id: 3, answer: 'x' }, { id: 7 }]),
      problems,
      { fromCompletion: answer, allowMissing: true },
    );
    expect(allowed.missing).toEqual(['CRUXEval-X/lua/7']);
  });

  it('names the entry and field of a broken one, and refuses lists of other objects', async () => {
    const broken = await readError([
      { id: 3, answer: 'x' },
      { id: 7, answer: 4 },
    ]);
    expect(broken.message).toMatch(/entry \[1\] field "answer"/);
    const samplesList = await readError([{ task_id: 'CRUXEval-X/lua/3', completion: 'x' }]);
    expect(samplesList.message).toMatch(/\[0\]\.predict is missing/);
    expect(samplesList.hint).toMatch(/write one object per line/);
  });
});
