import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerationsError } from '../../core/errors.js';
import { fakeProblems, tempFiles } from './__fixtures__/helpers.js';
import { detectFormat } from './detect.js';
import { readGenerationsFile } from './index.js';

const tempFile = tempFiles();

/** Compresses to well over the 64 KiB head detectFormat reads, so only a prefix is gunzipped. */
const incompressible = randomBytes(150_000).toString('hex');

async function fileWith(name: string, content: string | Uint8Array): Promise<string> {
  const file = await tempFile(name);
  await writeFile(file, content);
  return file;
}

describe('detectFormat', () => {
  it.each([
    ['a .jsonl name', 'samples.jsonl', '{"task_id": "T/0"}', 'samples'],
    ['a .jsonl.gz name', 'samples.jsonl.gz', gzipSync('{}'), 'samples'],
    ['a .json list of lists', 'generations.json', '[["a", "b"], []]', 'bigcode'],
    ['an empty .json list', 'generations.json', '[]', 'bigcode'],
    [
      'a list of lists after whitespace and a BOM',
      'gen.json',
      '\uFEFF \n [\n  [\n"a"]]',
      'bigcode',
    ],
    ["a list of objects (another harness's result file)", 'x.json', ' [ {"id": 0}]', 'object-list'],
    ['JSONL content in a .json name', 'samples.json', '{"task_id": "T/0"}\n{}', 'samples'],
    ['gzipped JSONL without a telling name', 'samples.data', gzipSync('{}'), 'samples'],
    [
      "a list of rows (ClassEval's output file)",
      'out.json',
      ' [\n {"task_id": "C_0"}]',
      'object-list',
    ],
    [
      'a gzipped list of lists',
      'generations.json.gz',
      gzipSync(`[["${incompressible}"]]`),
      'bigcode',
    ],
  ] as const)('recognises %s', async (_label, name, content, format) => {
    expect(await detectFormat(await fileWith(name, content))).toBe(format);
  });

  it.each([
    ['a flat list of strings', '["a", "b"]', /flat list of strings/],
    ['plain text', 'hello', /text starting with 'he'/],
    ['an empty file', '  \n', /is empty/],
  ])('refuses %s', async (_label, content, message) => {
    const error = await detectFormat(await fileWith('gen.json', content)).catch((e) => e);
    expect(error).toBeInstanceOf(GenerationsError);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/generations\.json.*samples\.jsonl.*ClassEval's output file/);
  });

  it('reports a missing file as a GenerationsError', async () => {
    await expect(detectFormat(await tempFile('absent.json'))).rejects.toThrow(GenerationsError);
  });
});

describe('readGenerationsFile', () => {
  const problems = fakeProblems('T/0');

  it('reads either format', async () => {
    const bigcode = await fileWith('generations.json', '[["prog"]]');
    const samples = await fileWith('samples.jsonl', '{"task_id": "T/0", "solution": "prog"}');
    for (const file of [bigcode, samples]) {
      const read = await readGenerationsFile(file, problems);
      expect(read.records).toEqual([{ problemId: 'T/0', sample: 0, program: 'prog' }]);
    }
    expect((await readGenerationsFile(bigcode, problems)).format).toBe('bigcode');
    expect((await readGenerationsFile(samples, problems)).format).toBe('samples');
  });
});
