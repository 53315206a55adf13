import { createHash } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimes } from '../../execution/languages/index.js';
import { computeExpectedOutputs, type OracleJob } from './oracle.js';

async function oracle(jobs: OracleJob[], cacheDir: string | false = false) {
  const { toolchain: install } = await (await runtimes.get('python')).resolve({});
  return computeExpectedOutputs(jobs, {
    python: { path: install.interpreter, version: install.version },
    datasetSha256: 'test',
    cacheDir,
    concurrency: 2,
    timeoutMs: 30_000,
  });
}

function answerOf(result: Awaited<ReturnType<typeof oracle>>[number]) {
  if ('error' in result) throw new Error(result.error);
  return result.answer;
}

const job = (fields: Partial<OracleJob> & Pick<OracleJob, 'solution'>): OracleJob => ({
  problemId: 'P/1',
  entryPoint: 'f',
  inputs: [],
  baseCount: 0,
  ...fields,
});

describe('computeExpectedOutputs', () => {
  it('rebuilds MBPP+ tuples per task as EvalPlus does, and writes outputs as Python', async () => {
    const solution = 'def f(pairs, k):\n    return [p[0] * k for p in pairs]\n';
    const inputs = [[[[1, 2]], 3]];
    const [result, humaneval] = await oracle([
      // Mbpp/75: the first argument is a list of tuples (mbpp_deserialize_inputs).
      job({ problemId: 'Mbpp/75', dataset: 'mbpp', solution, inputs, baseCount: 1 }),
      job({ problemId: 'HumanEval/1', solution, inputs, baseCount: 1 }),
    ]);
    const answer = answerOf(result!);
    expect(answer.conversion).toEqual(['mbpp_deserialize_inputs']);
    expect(answerOf(humaneval!).cases[0]!.slice(0, 2)).toEqual([0, '[[[1, 2]], 3]']);
    // Also encoded for the outside judge, with the ground truth's time on the input.
    expect(answer.cases).toEqual([
      [0, '[[(1, 2, )], 3]', '[3]', false, [[{ t: [1, 2] }], 3], [3], expect.any(Number)],
    ]);
  });

  it("takes the inputs from the dataset's own line: 1.0 stays a float, NaN and Infinity parse", async () => {
    const rawRow = '{"task_id": "P/1", "base_input": [[1.0, NaN]], "plus_input": [[-Infinity, 2]]}';
    const [result] = await oracle([
      job({ solution: 'def f(a, b):\n    return [type(a).__name__, b]\n', rawRow }),
    ]);
    expect(answerOf(result!).cases.map((c) => c.slice(0, 6))).toEqual([
      [
        0,
        "[1.0, float('nan')]",
        "['float', float('nan')]",
        false,
        [{ f: 1 }, { f: 'nan' }],
        ['float', { f: 'nan' }],
      ],
      [1, "[float('-inf'), 2]", "['float', 2]", false, [{ f: '-inf' }, 2], ['float', 2]],
    ]);
  });

  it('runs every input (as EvalPlus does), skipping only those where the ground truth raises', async () => {
    const [result] = await oracle([
      job({
        solution: 'def f(n):\n    return 10 // n\n',
        inputs: [[2], [-1], [0]],
        baseCount: 1,
      }),
    ]);
    expect(answerOf(result!).skipped).toEqual([[2, 'ground truth raised ZeroDivisionError']]);
    expect(answerOf(result!).cases.map((c) => c[2])).toEqual(['5', '-10']);
  });

  it('sends big outputs as a digest and marks set-built outputs whose order follows the hash seed', async () => {
    const [big, unordered] = await oracle([
      job({ solution: 'def f(n):\n    return "x" * n\n', inputs: [[5000]] }),
      job({
        problemId: 'P/2',
        solution: 'def f(words):\n    return tuple(set(words))\n',
        inputs: [[['kiwi', 'fig', 'pear', 'plum', 'lime', 'date', 'apple', 'grape']]],
      }),
    ]);
    expect(answerOf(big!).cases[0]?.[3]).toBe(true);
    expect(answerOf(big!).cases[0]?.[2]).toMatch(/^[0-9a-f]{64}$/);
    expect(answerOf(unordered!).orderUnstable).toBe(true);
  });

  it("applies EvalPlus's MBPP output rules: not-None tasks expect a bool, set tasks digest a set", async () => {
    const [notNone, setTask] = await oracle([
      job({
        dataset: 'mbpp',
        entryPoint: 'check_str',
        solution: 'import re\ndef check_str(s):\n    return re.match("a", s)\n',
        inputs: [['abc'], ['xyz']],
      }),
      job({
        problemId: 'Mbpp/9999',
        dataset: 'mbpp',
        entryPoint: 'similar_elements',
        solution: 'def similar_elements(n):\n    return tuple(range(n))\n',
        inputs: [[3000]],
      }),
    ]);
    expect(answerOf(notNone!).cases.map((c) => c[2])).toEqual(['True', 'False']);
    const digest = answerOf(setTask!).cases[0]!;
    expect(digest[3]).toBe(true);
    // The digest of set(output): the canonical literal sorts a set, not a tuple.
    expect(digest[2]).toBe(
      createHash('sha256')
        .update(`set([${[...Array(3000).keys()].map(String).sort().join(', ')}])`)
        .digest('hex'),
    );
  });

  it('computes an answer once and then serves it from the cache', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passk-oracle-'));
    const square = job({ solution: 'def f(x):\n    return x * x\n', inputs: [[3]] });
    const [first] = await oracle([square], dir);
    const [second] = await oracle([square], dir);
    expect(first).toMatchObject({ cached: false });
    expect(second).toMatchObject({ cached: true });
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('reports a ground truth that crashes as an error, not as an answer', async () => {
    const [result] = await oracle([job({ solution: 'raise ValueError("broken")\n' })]);
    expect(result).toMatchObject({ error: expect.stringContaining('ValueError: broken') });
  });
});
