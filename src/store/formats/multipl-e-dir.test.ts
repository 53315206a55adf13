import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { isSamplesFolder, readGenerationsFile } from './index.js';
import { readMultiplECompletionsDir } from './multipl-e-dir.js';

const tempFile = tempFiles();
const problems = fakeProblems('HumanEval_0_f', 'HumanEval_1_g');

async function folder(name: string, files: Record<string, unknown>): Promise<string> {
  const dir = join(dirname(await tempFile('x')), name);
  await mkdir(dir, { recursive: true });
  for (const [file, value] of Object.entries(files)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    await writeFile(join(dir, file), file.endsWith('.gz') ? gzipSync(text) : text);
  }
  return dir;
}

const problemFile = (name: string, completions: unknown) => ({
  name,
  language: 'js',
  prompt: `function ${name}(x){\n`,
  tests: '\ntest();\n',
  completions,
  stop_tokens: ['\nfunction '],
});

describe('MultiPL-E completions folder', () => {
  it("builds each program as the file's prompt + completion, skipping results files", async () => {
    const dir = await folder('completions', {
      'HumanEval_0_f.json': problemFile('HumanEval_0_f', ['  return 1;\n}\n', '']),
      'HumanEval_1_g.json.gz': problemFile('HumanEval_1_g', ['  return 2;\r\n}']),
      'HumanEval_1_g.results.json.gz': { results: [] },
      'notes.txt': 'ignored',
    });
    expect(await isSamplesFolder(dir)).toBe(true);
    const read = await readGenerationsFile(dir, problems);
    expect(read.format).toBe('multipl-e-dir');
    // Their prompts are not the task's: said, since the programs then use the file's.
    expect(read.notes).toEqual([expect.stringMatching(/2 files have a prompt or tests other/)]);
    expect(read.records).toEqual([
      {
        problemId: 'HumanEval_0_f',
        sample: 0,
        program: 'function HumanEval_0_f(x){\n  return 1;\n}\n',
      },
      { problemId: 'HumanEval_0_f', sample: 1, program: 'function HumanEval_0_f(x){\n' },
      {
        problemId: 'HumanEval_1_g',
        sample: 0,
        program: 'function HumanEval_1_g(x){\n  return 2;\r\n}',
      },
    ]);
  });

  it('names the file and field of a broken file, and a problem not selected', async () => {
    const broken = await folder('broken', {
      'HumanEval_0_f.json': problemFile('HumanEval_0_f', ['ok', 3]),
    });
    const error = await readMultiplECompletionsDir(broken, problems).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect((error as Error).message).toMatch(
      /HumanEval_0_f\.json: field "completions" must be a list of strings, got number/,
    );
    const stray = await folder('stray', {
      'HumanEval_0_f.json': problemFile('HumanEval_0_f', ['a']),
      'HumanEval_1_g.json': problemFile('HumanEval_1_g', ['b']),
      'HumanEval_9_z.json': problemFile('HumanEval_9_z', ['c']),
    });
    await expect(readMultiplECompletionsDir(stray, problems)).rejects.toThrow(/'HumanEval_9_z'/);
  });

  it('is not a folder of other JSON files', async () => {
    const other = await folder('other', { 'run.json': { config: {} } });
    expect(await isSamplesFolder(other)).toBe(false);
  });

  it("says nothing when the files hold the task's own prompts", async () => {
    const own = (p: (typeof problems)[number]) => ({
      ...problemFile(p.id, ['  return x\n']),
      prompt: p.datasetPrompt,
    });
    const dir = await folder('own', {
      'HumanEval_0_f.json': own(problems[0]!),
      'HumanEval_1_g.json': own(problems[1]!),
    });
    const read = await readMultiplECompletionsDir(dir, problems);
    expect(read.notes).toBeUndefined();
    expect(read.records[0]!.program).toBe(`${problems[0]!.datasetPrompt}  return x\n`);
  });
});
