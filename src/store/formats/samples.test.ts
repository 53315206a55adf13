import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { type fakeProblem, fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { readSamples, writeSamples } from './samples.js';

const tempFile = tempFiles();

async function samplesFile(lines: readonly (object | string)[], name = 'samples.jsonl') {
  const file = await tempFile(name);
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
  await writeFile(file, name.endsWith('.gz') ? gzipSync(text) : text);
  return file;
}

const problems = fakeProblems('T/0', 'T/1');
const [p0, p1] = problems as [ReturnType<typeof fakeProblem>, ReturnType<typeof fakeProblem>];

async function readError(file: string, options = {}): Promise<GenerationsError> {
  const error = await readSamples(file, problems, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GenerationsError);
  return error as GenerationsError;
}

describe('readSamples: programs', () => {
  it('builds human-eval candidates as datasetPrompt + completion', async () => {
    const file = await samplesFile([
      { task_id: 'T/0', completion: '    return x\n' },
      { task_id: 'T/1', completion: '    return 1\n' },
    ]);
    const read = await readSamples(file, problems);
    expect(read.format).toBe('samples');
    expect(read.records).toEqual([
      { problemId: 'T/0', sample: 0, program: `${p0.datasetPrompt}    return x\n` },
      { problemId: 'T/1', sample: 0, program: `${p1.datasetPrompt}    return 1\n` },
    ]);
  });

  it('takes an EvalPlus solution as the whole program', async () => {
    const file = await samplesFile([
      { task_id: 'T/0', solution: 'def g(): pass\n' },
      { task_id: 'T/1', solution: 'whole' },
    ]);
    const read = await readSamples(file, problems);
    expect(read.records.map((r) => r.program)).toEqual(['def g(): pass\n', 'whole']);
    expect(read.notes).toBeUndefined();
  });

  it('scores a row with both fields by its harness: completion (human-eval), solution (EvalPlus)', async () => {
    const rows = [
      { task_id: 'T/0', completion: '    return x\n' },
      { task_id: 'T/1', solution: 'whole', completion: '    return 1\n' },
    ];
    const humanEval = await readSamples(await samplesFile(rows), problems);
    expect(humanEval.records.map((r) => r.program)).toEqual([
      `${p0.datasetPrompt}    return x\n`,
      `${p1.datasetPrompt}    return 1\n`,
    ]);
    expect(humanEval.notes).toEqual([
      expect.stringMatching(/1 row has both .*first at line 2.* scores "completion" as human-eval/),
    ]);
    const plus = problems.map((p) => ({ ...p, meta: { evalplus: {} } }));
    const evalPlus = await readSamples(await samplesFile(rows, 'plus.jsonl'), plus);
    expect(evalPlus.records.map((r) => r.program)).toEqual([
      `${p0.datasetPrompt}    return x\n`,
      'whole',
    ]);
    expect(evalPlus.notes).toEqual([expect.stringMatching(/scores "solution" as EvalPlus/)]);
  });

  it('numbers samples by order of appearance within each task, across interleaved lines', async () => {
    const file = await samplesFile([
      { task_id: 'T/1', solution: 'b0' },
      { task_id: 'T/0', solution: 'a0' },
      { task_id: 'T/1', solution: 'b1' },
      { task_id: 'T/0', solution: 'a1' },
      { task_id: 'T/1', solution: 'b2', result: 'passed', passed: true },
    ]);
    const read = await readSamples(file, problems);
    expect(read.records.map((r) => `${r.problemId}#${r.sample}=${r.program}`)).toEqual([
      'T/0#0=a0',
      'T/0#1=a1',
      'T/1#0=b0',
      'T/1#1=b1',
      'T/1#2=b2',
    ]);
    expect(read.sampleCounts).toEqual([
      { problemId: 'T/0', n: 2 },
      { problemId: 'T/1', n: 3 },
    ]);
    expect(read.unequalCounts).toBe(true);
  });

  it('reads .jsonl.gz, skips blank lines, and accepts integer task ids', async () => {
    const mbpp = fakeProblems('11', '12');
    const file = await samplesFile(
      ['', JSON.stringify({ task_id: 11, solution: 'a' }), '', '{"task_id":"12","solution":"b"}'],
      'samples.jsonl.gz',
    );
    const read = await readSamples(file, mbpp);
    expect(read.records.map((r) => r.problemId)).toEqual(['11', '12']);
  });
});

describe('readSamples: validation', () => {
  it('refuses task ids that are not selected, listing at most five', async () => {
    const unknown = ['X/1', 'X/2', 'X/3', 'X/4', 'X/5', 'X/6', 'X/7'];
    const file = await samplesFile([
      { task_id: 'T/0', solution: 'a' },
      { task_id: 'T/1', solution: 'b' },
      ...unknown.map((id) => ({ task_id: id, solution: 'x' })),
      { task_id: 'X/1', solution: 'x' },
    ]);
    const error = await readError(file);
    expect(error.message).toBe(
      `${file}: 7 task_ids not among the 2 selected problems: 'X/1', 'X/2', 'X/3', 'X/4', 'X/5', … (7 in all) (first at line 3)`,
    );
    expect(error.hint).toMatch(/--task.*'T\/0'.*--limit/);
  });

  it('blames the task ids, not missing problems, when the file is for another task', async () => {
    const file = await samplesFile([{ task_id: 'Mbpp/2', solution: 'x' }]);
    const error = await readError(file, { allowMissing: true });
    expect(error.message).toMatch(
      /1 task_id not among the 2 selected problems: 'Mbpp\/2' \(first at line 1\)/,
    );
  });

  it('refuses a selected problem without samples, unless allowMissing', async () => {
    const file = await samplesFile([{ task_id: 'T/1', completion: 'pass' }]);
    const error = await readError(file);
    expect(error.message).toMatch(/no samples for 1 selected problem: 'T\/0'/);
    expect(error.hint).toMatch(/--limit\/--limit-start/);
    expect(error.hint).toMatch(/allowMissing/);

    const read = await readSamples(file, problems, { allowMissing: true });
    expect(read.missing).toEqual(['T/0']);
    expect(read.records).toEqual([
      { problemId: 'T/1', sample: 0, program: `${p1.datasetPrompt}pass` },
    ]);
  });

  it("reads a row's list of samples in order (CodeEval-Pro's harness.py with n > 1), cut at --n-samples", async () => {
    const file = await samplesFile([
      { task_id: 'T/0', completion: ['a', 'b', 'c'] },
      { task_id: 'T/1', solution: ['x = 1', 'x = 2'] },
      { task_id: 'T/1', solution: 'x = 3' },
    ]);
    const read = await readSamples(file, problems);
    expect(read.records.map((r) => [r.problemId, r.sample, r.program])).toEqual([
      ['T/0', 0, `${p0.datasetPrompt}a`],
      ['T/0', 1, `${p0.datasetPrompt}b`],
      ['T/0', 2, `${p0.datasetPrompt}c`],
      ['T/1', 0, 'x = 1'],
      ['T/1', 1, 'x = 2'],
      ['T/1', 2, 'x = 3'],
    ]);
    const two = await readSamples(file, problems, { samplesPerProblem: 2 });
    expect(two.records.map((r) => r.program)).toEqual([
      `${p0.datasetPrompt}a`,
      `${p0.datasetPrompt}b`,
      'x = 1',
      'x = 2',
    ]);
  });

  it("reads McEval's result rows: each raw_generation reply through fromReply, with a note when there are several", async () => {
    const file = await samplesFile([
      { task_id: 'T/0', prompt: 'p', instruction: 'i', raw_generation: ['```\nA\n```'] },
      { task_id: 'T/1', raw_generation: ['B', 'C'], test: 't' },
    ]);
    const fromReply = (problem: { id: string }, reply: string) => `${problem.id}:${reply}`;
    const read = await readSamples(file, problems, { fromReply });
    expect(read.records.map((r) => [r.problemId, r.sample, r.program])).toEqual([
      ['T/0', 0, 'T/0:```\nA\n```'],
      ['T/1', 0, 'T/1:B'],
      ['T/1', 1, 'T/1:C'],
    ]);
    expect(read.notes).toEqual([
      `${file}: 1 row holds more than one reply in "raw_generation" (first at line 2); passk scores them all, McEval's eval_all.py only the first: --n-samples 1 gives its number`,
    ]);
    const first = await readSamples(file, problems, { fromReply, samplesPerProblem: 1 });
    expect(first.records.map((r) => r.program)).toEqual(['T/0:```\nA\n```', 'T/1:B']);
    expect(first.notes).toBeUndefined();
    // a completion or solution in the row wins: raw_generation is read only without them
    const both = await samplesFile(
      [
        { task_id: 'T/0', completion: 'x', raw_generation: ['y'] },
        { task_id: 'T/1', solution: 'z', raw_generation: ['w'] },
      ],
      'both.jsonl',
    );
    const read2 = await readSamples(both, problems, { fromReply });
    expect(read2.records.map((r) => r.program)).toEqual([`${p0.datasetPrompt}x`, 'z']);
    const error = await readError(file);
    expect(error.message).toMatch(
      /:1: a "raw_generation" row \(chat replies\) needs the task's code extraction/,
    );
  });

  it('refuses an empty file', async () => {
    const error = await readError(await samplesFile(['']), { allowMissing: true });
    expect(error.message).toMatch(/no samples for any of the 2 selected problems/);
  });

  it.each([
    ['bad JSON', '{"task_id": "T/1", "completion": ', /:2: not valid JSON/],
    ['a missing task_id', { completion: 'x' }, /:2: missing field "task_id"/],
    [
      'a non-string task_id',
      { task_id: ['T/1'], completion: 'x' },
      /:2: field "task_id" must be a string, got array/,
    ],
    [
      'neither field',
      { task_id: 'T/1', code: 'x' },
      /:2: none of the fields "completion", "solution" and "raw_generation"/,
    ],
    [
      'a non-string completion',
      { task_id: 'T/1', completion: 3 },
      /:2: field "completion" must be a string or a list of strings, got number/,
    ],
    [
      'a null solution',
      { task_id: 'T/1', solution: null, completion: 'x' },
      /:2: field "solution" must be a string or a list of strings, got null/,
    ],
    [
      'an empty list',
      { task_id: 'T/1', completion: [] },
      /:2: field "completion" must be a string or a list of strings, got an empty list/,
    ],
    [
      'a list with a number',
      { task_id: 'T/1', solution: ['x', 2] },
      /:2: field "solution" must be a string or a list of strings, got a list holding number/,
    ],
    [
      'a raw_generation that is not a list of strings',
      { task_id: 'T/1', raw_generation: [{ text: 'x' }] },
      /:2: field "raw_generation" must be a string or a list of strings, got a list holding object/,
    ],
    ['a line that is not an object', '["T/1", "x"]', /:2: expected a JSON object, got array/],
  ])('names file:line and field for %s', async (_label, badLine, message) => {
    const file = await samplesFile([{ task_id: 'T/0', completion: 'x' }, badLine]);
    const error = await readError(file);
    expect(error.message).toContain(file);
    expect(error.message).toMatch(message);
    expect(error.hint).toBeDefined();
  });

  it('reports a missing file as a GenerationsError', async () => {
    const error = await readError(await tempFile('absent.jsonl'));
    expect(error.message).toMatch(/cannot read generations file .*absent\.jsonl \(ENOENT\)/);
  });
});

describe('writeSamples', () => {
  const records = [
    { problemId: 'T/1', sample: 0, program: `${p1.datasetPrompt}    return 1\n` },
    { problemId: 'T/0', sample: 1, program: 'import os\n' },
    { problemId: 'T/0', sample: 0, program: `${p0.datasetPrompt}    return x\n` },
  ];

  async function rowsOf(file: string): Promise<unknown[]> {
    const bytes = await readFile(file);
    const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    return text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
  }

  it('writes completions minus the dataset prompt, else the whole program as solution', async () => {
    const file = await tempFile('out.jsonl');
    const written = await writeSamples(file, records, problems);
    expect(written).toEqual({ rows: 3, solutionRows: 1 });
    expect(await rowsOf(file)).toEqual([
      { task_id: 'T/0', completion: '    return x\n' },
      { task_id: 'T/0', solution: 'import os\n' },
      { task_id: 'T/1', completion: '    return 1\n' },
    ]);
  });

  it('writes whole programs with as: solution', async () => {
    const file = await tempFile('out.jsonl');
    await writeSamples(file, records, problems, { as: 'solution' });
    expect((await rowsOf(file)).every((row) => 'solution' in (row as object))).toBe(true);
  });

  it.each(['out.jsonl', 'out.jsonl.gz'])('round-trips through readSamples (%s)', async (name) => {
    const file = await tempFile(name);
    await writeSamples(file, records, problems);
    const read = await readSamples(file, problems);
    const key = (r: { problemId: string; sample: number }) => `${r.problemId}#${r.sample}`;
    expect(read.records.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...records].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
});

describe('readSamples: a file concatenated with itself', () => {
  it('is read once, with a note, never as twice the samples', async () => {
    const copy = [
      { task_id: 'T/0', completion: '    return x\n' },
      { task_id: 'T/0', completion: '    return 0\n' },
      { task_id: 'T/1', completion: '    return 1\n' },
    ];
    const read = await readSamples(await samplesFile([...copy, ...copy]), problems);
    expect(read.records.map((r) => `${r.problemId}#${r.sample}`)).toEqual([
      'T/0#0',
      'T/0#1',
      'T/1#0',
    ]);
    expect(read.notes).toEqual([expect.stringMatching(/holds its lines 1–3 2 times/)]);
    // identical samples that do not repeat the whole file are samples
    const greedy = await readSamples(await samplesFile([copy[0]!, copy[0]!, copy[2]!]), problems);
    expect(greedy.records).toHaveLength(3);
    expect(greedy.notes).toBeUndefined();
  });
});
