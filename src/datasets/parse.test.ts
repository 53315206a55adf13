import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { fromBigInts } from './parquet.js';
import { parseDataset } from './parse.js';
import { rowLine } from './rows.js';

const encode = (text: string) => new TextEncoder().encode(text);
const rows = [
  { task_id: 'Toy/0', prompt: 'def add(a, b):\n', tests: ['assert add(1, 2) == 3'] },
  { task_id: 'Toy/1', prompt: 'def neg(x):\n', tests: [] },
];
const jsonl = `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

/** A two-row Parquet file with an INT64 column, a list column and GZIP pages (needs compressors). */
function tinyParquet(): Uint8Array {
  const buffer = parquetWriteBuffer({
    codec: 'GZIP',
    compressors: { GZIP: (input) => gzipSync(input) },
    columnData: [
      { name: 'task_id', data: [11n, 2n ** 60n], type: 'INT64' },
      { name: 'text', data: ['first toy', 'second toy'], type: 'STRING' },
      { name: 'test_list', data: [['assert f(1) == 1'], ['assert g() is None', 'assert 1']] },
    ],
  });
  return new Uint8Array(buffer);
}

async function parseError(bytes: Uint8Array, file: string): Promise<DatasetError> {
  const error = await parseDataset(bytes, file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}

describe('parseDataset', () => {
  it('reads JSON lines and remembers each row’s line', async () => {
    const parsed = await parseDataset(encode(`\n${jsonl}`), 'toy.jsonl');
    expect(parsed).toEqual(rows);
    expect(parsed.map(rowLine)).toEqual([2, 3]);
    // The line number is invisible to serialisation.
    expect(JSON.stringify(parsed[0])).toBe(JSON.stringify(rows[0]));
  });

  it('reads gzip-compressed JSON lines by content, whatever the name', async () => {
    expect(await parseDataset(gzipSync(jsonl), 'toy.jsonl.gz')).toEqual(rows);
    expect(await parseDataset(gzipSync(jsonl), 'no-extension')).toEqual(rows);
  });

  it('reads a JSON array file', async () => {
    const parsed = await parseDataset(encode(JSON.stringify(rows, null, 2)), 'toy.json');
    expect(parsed).toEqual(rows);
    expect(parsed.map(rowLine)).toEqual([undefined, undefined]);
  });

  it('reads JSON lines even when the file is named .json', async () => {
    expect(await parseDataset(encode(jsonl), 'toy.json')).toEqual(rows);
  });

  it('reads Parquet with compressed pages, turning INT64 cells into numbers when safe', async () => {
    expect(await parseDataset(tinyParquet(), 'toy.parquet')).toEqual([
      { task_id: 11, text: 'first toy', test_list: ['assert f(1) == 1'] },
      {
        task_id: '1152921504606846976',
        text: 'second toy',
        test_list: ['assert g() is None', 'assert 1'],
      },
    ]);
  });

  it('converts BigInts nested in lists and structs', () => {
    expect(fromBigInts({ a: [1n, { b: -2n }], c: 'x', d: null })).toEqual({
      a: [1, { b: -2 }],
      c: 'x',
      d: null,
    });
  });

  it('names file and line of a broken JSON line', async () => {
    const error = await parseError(encode(`${jsonl}{"task_id": "Toy/2",\n`), 'data/toy.jsonl');
    expect(error.message).toMatch(/^data\/toy\.jsonl:3: not valid JSON/);
    expect(error.hint).toContain('--dataset-path');
  });

  it('names file and line of a broken row inside a gzip file', async () => {
    const error = await parseError(gzipSync(`${jsonl}not json\n`), 'toy.jsonl.gz');
    expect(error.message).toMatch(/^toy\.jsonl\.gz:3: not valid JSON/);
  });

  it('names the line of a syntax error in a JSON array', async () => {
    const error = await parseError(encode('[\n{"a": 1},\n{"a": 2,}\n]'), 'toy.json');
    expect(error.message).toMatch(/^toy\.json:3: not valid JSON/);
  });

  it('rejects rows that are not objects', async () => {
    expect((await parseError(encode('{"a": 1}\n[1, 2]\n'), 't.jsonl')).message).toBe(
      't.jsonl line 2: expected a JSON object, got an array',
    );
    expect((await parseError(encode('[{"a": 1}, "x"]'), 't.json')).message).toBe(
      't.json row 2: expected a JSON object, got a string',
    );
  });

  it('rejects a JSON file that is not an array', async () => {
    const error = await parseError(encode('"just a string"'), 't.json');
    expect(error.message).toBe('t.json: expected a JSON array of row objects, got a string');
  });

  it('rejects a truncated Parquet file and a broken gzip file', async () => {
    const parquet = tinyParquet();
    expect((await parseError(parquet.subarray(0, 40), 't.parquet')).message).toMatch(
      /^t\.parquet: not a readable Parquet file/,
    );
    const gz = gzipSync(jsonl);
    expect((await parseError(gz.subarray(0, 12), 't.jsonl.gz')).message).toMatch(
      /not a valid gzip file/,
    );
  });
});
