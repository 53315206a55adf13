import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PasskError } from '../../core/errors.js';
import type { ResultRecord } from '../records.js';
import { tempFiles } from './__fixtures__/helpers.js';
import { openResultsWriter, readResults, writeResults } from './results.js';

const tempFile = tempFiles();

function result(sample: number, extra: Partial<ResultRecord> = {}): ResultRecord {
  return {
    task_id: 'T/0',
    sample,
    program_hash: 'ab12',
    status: 'passed',
    duration_ms: 5,
    ...extra,
  };
}

describe('results.jsonl appender', () => {
  it('writes one line per record, in call order, even when appends are not awaited', async () => {
    const file = await tempFile('results.jsonl');
    const writer = await openResultsWriter(file);
    const pending = Array.from({ length: 50 }, (_, i) => writer.append(result(i)));
    await Promise.all(pending);
    await writer.close();
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines).toHaveLength(51);
    expect(lines.at(-1)).toBe('');
    expect((await readResults(file)).map((r) => r.sample)).toEqual([...Array(50).keys()]);
  });

  it('appends to an existing file on resume', async () => {
    const file = await tempFile('results.jsonl');
    for (const sample of [0, 1]) {
      const writer = await openResultsWriter(file);
      await writer.append(result(sample, { status: 'failed', error_type: 'AssertionError' }));
      await writer.close();
    }
    expect(await readResults(file)).toEqual([
      result(0, { status: 'failed', error_type: 'AssertionError' }),
      result(1, { status: 'failed', error_type: 'AssertionError' }),
    ]);
  });

  it('cuts a torn last line (crash mid-append) before appending', async () => {
    const file = await tempFile('results.jsonl');
    await writeFile(file, `${JSON.stringify(result(0))}\n{"task_id": "T/0", "sam`);
    expect(await readResults(file)).toEqual([result(0)]);
    const writer = await openResultsWriter(file);
    await writer.append(result(1));
    await writer.close();
    expect(await readResults(file)).toEqual([result(0), result(1)]);
  });

  it('keeps a complete last line that only lacks its newline (a hand-edited file)', async () => {
    const file = await tempFile('results.jsonl');
    await writeFile(file, JSON.stringify(result(0)));
    expect(await readResults(file)).toEqual([result(0)]);
    const writer = await openResultsWriter(file);
    await writer.append(result(1));
    await writer.close();
    expect(await readResults(file)).toEqual([result(0), result(1)]);
  });

  it('refuses appends after close', async () => {
    const writer = await openResultsWriter(await tempFile('results.jsonl'));
    await writer.close();
    await expect(writer.append(result(0))).rejects.toThrow(/after close/);
  });
});

describe('readResults', () => {
  it('reads a missing file as no results', async () => {
    expect(await readResults(await tempFile('absent.jsonl'))).toEqual([]);
  });

  it('round-trips writeResults, keeping optional fields only when present', async () => {
    const file = await tempFile('results.jsonl');
    const records = [
      result(0),
      result(1, { status: 'timeout', message: 'killed at 3 s', cpu_ms: 2999 }),
    ];
    await writeResults(file, records);
    expect(await readResults(file)).toEqual(records);
    expect(Object.keys((await readResults(file))[0]!)).not.toContain('error_type');
  });

  it('keeps a tamper flag, per sample and per suite; reads lines without one (older files)', async () => {
    const file = await tempFile('results.jsonl');
    const suite = { status: 'failed' as const, duration_ms: 1, program_hash: 'p', tamper: 'x' };
    const records = [
      result(0, { status: 'failed', error_type: 'Tamper', tamper: 'trace-hook' }),
      result(1, { status: 'failed', tamper: 'x', suites: { plus: suite } }),
    ];
    await writeResults(file, records);
    expect(await readResults(file)).toEqual(records);
    const old = { task_id: 'T/0', sample: 2, program_hash: 'h', status: 'failed', duration_ms: 1 };
    await appendFile(file, `${JSON.stringify(old)}\n`);
    expect((await readResults(file))[2]).toEqual(old);
  });

  it.each([
    ['an unknown status', { ...result(0), status: 'ok' }, /:2: field status/],
    [
      'a missing program_hash',
      { task_id: 'T/0', sample: 0, status: 'passed', duration_ms: 1 },
      /:2: field program_hash/,
    ],
    ['a negative sample', result(-1), /:2: field sample/],
  ])('names file:line and field for %s', async (_label, bad, message) => {
    const file = await tempFile('results.jsonl');
    await writeFile(file, `${JSON.stringify(result(0))}\n${JSON.stringify(bad)}\n`);
    const error = await readResults(file).catch((e) => e);
    expect(error).toBeInstanceOf(PasskError);
    expect(error.code).toBe('PASSK_RESULTS');
    expect(error.message).toMatch(message);
  });

  it('names the line of a complete but invalid JSON line', async () => {
    const file = await tempFile('results.jsonl');
    await writeFile(file, `${JSON.stringify(result(0))}\n`);
    await appendFile(file, '{not json}\n');
    await expect(readResults(file)).rejects.toThrow(/results\.jsonl:2: not valid JSON/);
  });
});
