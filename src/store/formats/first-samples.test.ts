/**
 * Issue 30: with `samplesPerProblem` (`--n-samples`), a samples.jsonl's lines past each problem's
 * first n are not parsed, and the records are those a full read cut to n gives.
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { readSamples } from './samples.js';

const tempFile = tempFiles();
const problems = fakeProblems('T/0', 'T/1', '7');

async function samplesFile(lines: readonly string[]): Promise<string> {
  const file = await tempFile('samples.jsonl');
  await writeFile(file, lines.join('\n'));
  return file;
}

/** Rows whose task_id is not where a cheap reading would look first, or not a plain string. */
const tricky = [
  JSON.stringify({ meta: { task_id: 'T/1' }, task_id: 'T/0', completion: '    a\n' }),
  JSON.stringify({ completion: '    "task_id": "T/1"\n', task_id: 'T/0' }),
  JSON.stringify({ task_id: 7, completion: '    b\n' }),
  `{ "task_id" : "T/1" , "completion": "    c\\n" }`,
  String.raw`{"task_id": "T\u002f1", "completion": "    d\n"}`,
];

describe('readSamples with samplesPerProblem', () => {
  it('gives what a full read cut to n gives, tricky lines included', async () => {
    const lines: string[] = [];
    for (let round = 0; round < 4; round++) {
      lines.push(...tricky.map((line) => line.replace('    ', `    ${round}`)));
    }
    const file = await samplesFile(lines);
    const full = await readSamples(file, problems);
    for (const n of [1, 2, 3]) {
      const cut = await readSamples(file, problems, { samplesPerProblem: n });
      expect(cut.records).toEqual(full.records.filter((record) => record.sample < n));
    }
  });

  it('does not parse a line past the first n of its problem', async () => {
    const file = await samplesFile([
      JSON.stringify({ task_id: 'T/0', completion: '    0\n' }),
      JSON.stringify({ task_id: 'T/1', completion: '    0\n' }),
      JSON.stringify({ task_id: '7', completion: '    0\n' }),
      '{"task_id": "T/0", "completion": "    broken',
    ]);
    const cut = await readSamples(file, problems, { samplesPerProblem: 1 });
    expect(cut.records.map((record) => record.problemId)).toEqual(['T/0', 'T/1', '7']);
    // read whole, the broken line is refused
    await expect(readSamples(file, problems)).rejects.toThrow(/samples\.jsonl:4: not valid JSON/);
  });
});
