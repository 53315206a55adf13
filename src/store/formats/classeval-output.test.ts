import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { readClassEvalOutput } from './classeval-output.js';
import { readGenerationsFile } from './index.js';

const tempFile = tempFiles();
const problems = fakeProblems('C_0', 'C_1');
/** A reading that shows it ran: the task's fromCompletion stands in for ClassEval's extract_code. */
const fromCompletion = (problem: { id: string }, text: string) => `${problem.id}:${text}`;

async function outputFile(value: unknown, name = 'model_class_H_greedy.json'): Promise<string> {
  const file = await tempFile(name);
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 4);
  await writeFile(file, name.endsWith('.gz') ? gzipSync(text) : text);
  return file;
}

/** A row as inference_pipeline.py writes it: the dataset's fields, then predict. */
const row = (task_id: string, predict: unknown) => ({
  task_id,
  skeleton: 'class A:\n    pass\n',
  test: 'import unittest\n',
  methods_info: [{ method_name: 'f' }],
  predict,
});

async function readError(value: unknown, options = {}): Promise<GenerationsError> {
  const file = await outputFile(value);
  const error = await readGenerationsFile(file, problems, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GenerationsError);
  return error as GenerationsError;
}

describe("readClassEvalOutput: ClassEval's inference output as generations", () => {
  it('is detected from its first row, and reads each predict string as a completion, in order', async () => {
    const file = await outputFile([row('C_1', ['b0']), row('C_0', ['a0', 'a1'])]);
    const read = await readGenerationsFile(file, problems, { fromCompletion });
    expect(read.format).toBe('classeval');
    expect(read.records).toEqual([
      { problemId: 'C_0', sample: 0, program: 'C_0:a0' },
      { problemId: 'C_0', sample: 1, program: 'C_0:a1' },
      { problemId: 'C_1', sample: 0, program: 'C_1:b0' },
    ]);
    expect(read.unequalCounts).toBe(true);
  });

  it('gzipped too; --n-samples keeps the first n of each predict list', async () => {
    const file = await outputFile([row('C_0', ['a0', 'a1']), row('C_1', ['b0'])], 'out.json.gz');
    const read = await readClassEvalOutput(file, problems, {
      fromCompletion,
      samplesPerProblem: 1,
    });
    expect(read.records.map((r) => r.program)).toEqual(['C_0:a0', 'C_1:b0']);
  });

  it('says when the path names InCoder, whose predictions upstream reads another way', async () => {
    const file = await outputFile([row('C_0', ['a']), row('C_1', ['b'])], 'incoder_100_c_t0.json');
    const read = await readClassEvalOutput(file, problems);
    expect(read.notes).toEqual([
      expect.stringMatching(/holds "incoder".*passk reads them as every other model's/),
    ]);
    const other = await readClassEvalOutput(
      await outputFile([row('C_0', ['a']), row('C_1', ['b'])]),
      problems,
    );
    expect(other.notes).toBeUndefined();
  });

  it('an empty predict list is a problem without samples: refused, or left out with allowMissing', async () => {
    const rows = [row('C_0', ['a0']), row('C_1', [])];
    expect((await readError(rows)).message).toMatch(/no samples for 1 selected problem: 'C_1'/);
    const file = await outputFile(rows);
    const read = await readClassEvalOutput(file, problems, { allowMissing: true });
    expect(read.missing).toEqual(['C_1']);
  });

  it.each([
    ['not JSON', '[{"task_id": ', /not valid JSON/, /"predict"/],
    ['a row without predict', [row('C_0', undefined)], /\[0\]\.predict is missing/, /"predict"/],
    [
      'a sample that is not a string',
      [row('C_0', ['a', 3])],
      /\[0\]\.predict\[1\] must be string, got number/,
      /one per sample/,
    ],
    [
      'a run cut off before post_process (a sample is a list of steps)',
      [row('C_0', [['step 1', 'step 2']])],
      /\[0\]\.predict\[0\] must be string, got array/,
      /saved before inference_pipeline\.py's post_process/,
    ],
    [
      'samples.jsonl rows written as one JSON list',
      [{ task_id: 'C_0', completion: 'x' }],
      /\[0\]\.predict is missing/,
      /write one object per line/,
    ],
    [
      'a task_id twice',
      [row('C_0', ['a']), row('C_1', ['b']), row('C_0', ['c'])],
      /task_id 'C_0' is in rows \[0\] and \[2\]/,
      /would keep only the last/,
    ],
    [
      'a task_id not selected',
      [row('C_0', ['a']), row('C_7', ['b'])],
      /1 task_id not among the 2 selected problems: 'C_7' \(first at \[1\]\)/,
      /check --task/,
    ],
  ])('refuses %s, in one line with a hint', async (_label, value, message, hint) => {
    const error = await readError(value);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    expect(error.hint).toMatch(hint);
  });
});
