import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { isEvalPlusSamplesDir, readEvalPlusDir } from './evalplus-dir.js';
import { readGenerationsFile } from './index.js';

const tempFile = tempFiles();
const problems = fakeProblems('HumanEval/0', 'HumanEval/1');

/** Writes `files` (path under the folder → text) and returns the folder. */
async function samplesDir(files: Record<string, string>, name = 'samples'): Promise<string> {
  const root = dirname(await tempFile('x'));
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

describe('EvalPlus samples folder (load_solutions)', () => {
  it('maps HumanEval_0/N.py to HumanEval/0, samples by file number, programs whole', async () => {
    const dir = await samplesDir({
      'HumanEval_0/10.py': 'ten',
      'HumanEval_0/2.py': 'two',
      'HumanEval_0/0.py': 'zero',
      'HumanEval_0/notes.txt': 'ignored',
      'HumanEval_1/0.py': 'a\r\nb\rc\n',
      'README.md': 'ignored',
    });
    expect(await isEvalPlusSamplesDir(dir)).toBe(true);
    const read = await readGenerationsFile(dir, problems);
    expect(read.format).toBe('evalplus-dir');
    expect(
      read.records.map((r) => `${r.problemId}#${r.sample}=${JSON.stringify(r.program)}`),
    ).toEqual([
      'HumanEval/0#0="zero"',
      'HumanEval/0#1="two"',
      'HumanEval/0#2="ten"',
      'HumanEval/1#0="a\\nb\\nc\\n"',
    ]);
  });

  it('is not a passk run directory or an empty folder', async () => {
    const run = await samplesDir({ 'generations.journal.jsonl': '{}\n', 'sub/x.txt': '' });
    expect(await isEvalPlusSamplesDir(run)).toBe(false);
    expect(await isEvalPlusSamplesDir(join(run, 'missing'))).toBe(false);
  });

  it('refuses a folder for a task not selected, and a selected task without samples', async () => {
    const stray = await samplesDir({ 'HumanEval_0/0.py': 'x', 'HumanEval_7/0.py': 'y' });
    const error = await readEvalPlusDir(stray, problems).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect((error as Error).message).toMatch(/'HumanEval\/7'/);
    const partial = await samplesDir({ 'HumanEval_1/0.py': 'x' }, 'partial');
    await expect(readEvalPlusDir(partial, problems)).rejects.toThrow(/HumanEval\/0/);
    const read = await readEvalPlusDir(partial, problems, { allowMissing: true });
    expect(read.missing).toEqual(['HumanEval/0']);
  });
});
