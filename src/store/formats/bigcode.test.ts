import { readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { readBigcodeGenerations, writeBigcodeGenerations } from './bigcode.js';

const tempFile = tempFiles();

async function bigcodeFile(content: unknown): Promise<string> {
  const file = await tempFile('generations.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const problems = fakeProblems('T/0', 'T/1', 'T/2');

describe('readBigcodeGenerations', () => {
  it('maps list i to problems[i], samples in list order', async () => {
    const file = await bigcodeFile([['a0', 'a1'], ['b0'], ['c0', 'c1', 'c2']]);
    const read = await readBigcodeGenerations(file, problems);
    expect(read.format).toBe('bigcode');
    expect(read.records).toEqual([
      { problemId: 'T/0', sample: 0, program: 'a0' },
      { problemId: 'T/0', sample: 1, program: 'a1' },
      { problemId: 'T/1', sample: 0, program: 'b0' },
      { problemId: 'T/2', sample: 0, program: 'c0' },
      { problemId: 'T/2', sample: 1, program: 'c1' },
      { problemId: 'T/2', sample: 2, program: 'c2' },
    ]);
    expect(read.sampleCounts).toEqual([
      { problemId: 'T/0', n: 2 },
      { problemId: 'T/1', n: 1 },
      { problemId: 'T/2', n: 3 },
    ]);
    expect(read.unequalCounts).toBe(true);
    expect(read.missing).toEqual([]);
  });

  it('takes programs verbatim (they already hold the prompt)', async () => {
    const program = 'def f(x):\n    """Return x."""\n    return x\n';
    const file = await bigcodeFile([[program]]);
    const read = await readBigcodeGenerations(file, problems.slice(0, 1));
    expect(read.records[0]?.program).toBe(program);
    expect(read.unequalCounts).toBe(false);
  });

  it.each([
    ['too few', [['a'], ['b']], /has 2 problems but 3 problems are selected/],
    ['too many', [['a'], ['b'], ['c'], ['d']], /has 4 problems but 3 problems are selected/],
  ])('refuses %s problem lists, with a --limit hint', async (_label, lists, message) => {
    const error = await readBigcodeGenerations(await bigcodeFile(lists), problems).catch((e) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/--limit-start.*--limit/);
  });

  it.each([
    ['a non-string program', [['a'], ['b', 7], ['c']], /\[1\]\[1\] must be a string, got number/],
    ['a null program', [['a'], ['b'], [null]], /\[2\]\[0\] must be a string, got null/],
    ['a non-list entry', [['a'], 'b', ['c']], /\[1\] must be a list of programs, got string/],
    ['a top-level object', { 'T/0': ['a'] }, /expected a JSON list, got object/],
    ['invalid JSON', '[["a"], ["b"', /not valid JSON/],
  ])('names the place of %s', async (_label, content, message) => {
    const file = await bigcodeFile(content);
    const error = await readBigcodeGenerations(file, problems).catch((e) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect(error.message).toContain(file);
    expect(error.message).toMatch(message);
  });

  it('treats an empty list as a problem without samples', async () => {
    const file = await bigcodeFile([['a'], [], ['c']]);
    const error = await readBigcodeGenerations(file, problems).catch((e) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect(error.message).toMatch(/no samples for 1 selected problem: 'T\/1'/);
    expect(error.hint).toMatch(/allowMissing/);

    const read = await readBigcodeGenerations(file, problems, { allowMissing: true });
    expect(read.missing).toEqual(['T/1']);
    expect(read.records.map((r) => r.problemId)).toEqual(['T/0', 'T/2']);
  });

  it('refuses a file with no samples at all, even with allowMissing', async () => {
    const file = await bigcodeFile([[], [], []]);
    await expect(readBigcodeGenerations(file, problems, { allowMissing: true })).rejects.toThrow(
      /no samples for any of the 3 selected problems/,
    );
  });

  it('reads a gzipped file and one with a byte-order mark', async () => {
    const gzipped = await tempFile('generations.json.gz');
    await writeFile(gzipped, gzipSync(JSON.stringify([['a'], ['b'], ['c']])));
    expect((await readBigcodeGenerations(gzipped, problems)).records).toHaveLength(3);
    const bom = await bigcodeFile('\uFEFF[["a"], ["b"], ["c"]]');
    expect((await readBigcodeGenerations(bom, problems)).records).toHaveLength(3);
  });

  describe('with the selection window (--limit, --limit-start)', () => {
    const all = fakeProblems('T/0', 'T/1', 'T/2', 'T/3', 'T/4');
    const window = (start: number, n: number) => ({
      positions: { start, total: all.length, window: all.slice(start, start + n) },
    });

    it('cuts a file holding every problem to the selected window, and says so', async () => {
      const file = await bigcodeFile([['a'], ['b'], ['c'], ['d'], ['e']]);
      const read = await readBigcodeGenerations(file, all.slice(1, 3), window(1, 2));
      expect(read.records.map((r) => `${r.problemId}=${r.program}`)).toEqual(['T/1=b', 'T/2=c']);
      expect(read.notes).toEqual([expect.stringMatching(/holds all 5 problems.*position 1/)]);
    });

    it("takes a longer file's first entries from the first problem on, as bigcode does", async () => {
      const file = await bigcodeFile([['a'], ['b'], ['c'], ['d']]);
      const read = await readBigcodeGenerations(file, all.slice(0, 2), window(0, 2));
      expect(read.records.map((r) => r.program)).toEqual(['a', 'b']);
      expect(read.notes).toEqual([
        expect.stringMatching(/holds 4 problems; evaluating its first 2/),
      ]);
    });

    it('matches a file of the window to the window, even with problems left out', async () => {
      const file = await bigcodeFile([['b'], ['c'], ['d']]);
      const selected = [all[1]!, all[3]!]; // T/2 left out, e.g. as contaminated
      const read = await readBigcodeGenerations(file, selected, window(1, 3));
      expect(read.records.map((r) => `${r.problemId}=${r.program}`)).toEqual(['T/1=b', 'T/3=d']);
      expect(read.notes).toEqual([]);
    });

    it('refuses a file longer than the benchmark, or longer than an unlimited selection', async () => {
      const six = await bigcodeFile([['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
      await expect(readBigcodeGenerations(six, all.slice(0, 2), window(0, 2))).rejects.toThrow(
        /has 6 problems but 2 problems are selected/,
      );
      const two = await bigcodeFile([['a'], ['b']]);
      const one = { positions: { start: 0, total: 1, window: all.slice(0, 1) } };
      await expect(readBigcodeGenerations(two, all.slice(0, 1), one)).rejects.toThrow(
        /has 2 problems but 1 problem is selected/,
      );
    });

    it('still refuses a partial file that starts elsewhere', async () => {
      const file = await bigcodeFile([['b'], ['c'], ['d'], ['e']]);
      await expect(readBigcodeGenerations(file, all.slice(1, 3), window(1, 2))).rejects.toThrow(
        /has 4 problems but 2 problems are selected/,
      );
    });
  });

  it('says when bigcode would have scored fewer samples than the file has', async () => {
    const several = await readBigcodeGenerations(
      await bigcodeFile([['a', 'b'], ['c'], ['d']]),
      problems,
    );
    expect(several.bigcodeSampleCut).toMatch(/--n_samples \(default 1\).*all of them \(up to 2\)/);
    const single = await readBigcodeGenerations(await bigcodeFile([['a'], ['c'], ['d']]), problems);
    expect(single.bigcodeSampleCut).toBeUndefined();
  });

  it('reports a missing file as a GenerationsError', async () => {
    const file = await tempFile('absent.json');
    await expect(readBigcodeGenerations(file, problems)).rejects.toThrow(/cannot read.*ENOENT/);
  });
});

describe('writeBigcodeGenerations', () => {
  it('writes one list per problem in problem order, samples sorted, and reads back the same', async () => {
    const file = await tempFile('generations.json');
    const records = [
      { problemId: 'T/2', sample: 1, program: 'c1' },
      { problemId: 'T/0', sample: 0, program: 'a0' },
      { problemId: 'T/2', sample: 0, program: 'c0' },
      { problemId: 'T/1', sample: 0, program: 'b0' },
    ];
    await writeBigcodeGenerations(file, problems, records);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([['a0'], ['b0'], ['c0', 'c1']]);
    const read = await readBigcodeGenerations(file, problems);
    expect(read.records).toEqual(
      [...records].sort((a, b) => a.problemId.localeCompare(b.problemId) || a.sample - b.sample),
    );
  });

  it('writes an empty list for a problem without records', async () => {
    const file = await tempFile('generations.json');
    await writeBigcodeGenerations(file, problems, [{ problemId: 'T/1', sample: 0, program: 'b' }]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([[], ['b'], []]);
  });

  it('refuses records of problems it was not given, and duplicate samples', async () => {
    const file = await tempFile('generations.json');
    const stray = [{ problemId: 'Other/9', sample: 0, program: 'x' }];
    await expect(writeBigcodeGenerations(file, problems, stray)).rejects.toThrow(/Other\/9/);
    const twice = [
      { problemId: 'T/0', sample: 0, program: 'x' },
      { problemId: 'T/0', sample: 0, program: 'y' },
    ];
    await expect(writeBigcodeGenerations(file, problems, twice)).rejects.toThrow(/T\/0 sample 0/);
  });
});
