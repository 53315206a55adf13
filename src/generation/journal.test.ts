import { writeSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GenerationsError } from '../core/errors.js';
import { JOURNAL_FILE, Journal, JournalWriteError, readJournal } from './journal.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'passk-journal-'));
  dirs.push(dir);
  return dir;
}
const record = (sample: number) => ({ problemId: 'P/0', sample, program: `x = ${sample}\n` });

describe('Journal', () => {
  it('appends one line per record and reads them back', async () => {
    const dir = await tempDir();
    const { journal, contents } = await Journal.open(dir, 'each');
    expect(contents.records).toEqual([]);
    journal.append(record(0));
    journal.append(record(1));
    journal.close();
    expect((await readJournal(join(dir, JOURNAL_FILE))).records).toEqual([record(0), record(1)]);
  });

  it('ignores a torn last line and cuts it off before appending again', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE);
    await writeFile(path, `${JSON.stringify(record(0))}\n{"problemId":"P/0","sample":1,"prog`);
    const { journal, contents } = await Journal.open(dir, 'never');
    expect(contents).toMatchObject({ records: [record(0)], tornTail: true });
    journal.append(record(1));
    journal.close();
    expect(await readFile(path, 'utf8')).toBe(
      `${JSON.stringify(record(0))}\n${JSON.stringify(record(1))}\n`,
    );
  });

  it('treats a complete but unreadable last line as torn too', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, JOURNAL_FILE), `${JSON.stringify(record(0))}\n{"problemId":\n`);
    expect((await readJournal(join(dir, JOURNAL_FILE))).records).toEqual([record(0)]);
  });

  it('refuses a journal damaged in the middle, naming the line', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE);
    await writeFile(path, `${JSON.stringify(record(0))}\nnot json\n`);
    await appendFile(path, `${JSON.stringify(record(1))}\n`);
    await expect(readJournal(path)).rejects.toBeInstanceOf(GenerationsError);
    await expect(readJournal(path)).rejects.toThrow(`${path}:2`);
  });

  it('repairs a torn record glued to a later whole line (a short write, then more appends)', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE);
    const torn = JSON.stringify(record(1)).slice(0, 20);
    await writeFile(
      path,
      `${JSON.stringify(record(0))}\n${torn}${JSON.stringify(record(2))}\n${JSON.stringify(record(3))}\n`,
    );
    const read = await readJournal(path);
    expect(read.records).toEqual([record(0), record(2), record(3)]);
    expect(read.repairedLines).toBe(1);
    const { journal, contents } = await Journal.open(dir, 'never');
    expect(contents.repairedLines).toBe(1);
    journal.append(record(1));
    journal.close();
    // rewritten clean: whole lines only, the lost record appended again
    expect((await readJournal(path)).repairedLines).toBe(0);
    expect((await readJournal(path)).records).toEqual([record(0), record(2), record(3), record(1)]);
  });

  it('finishes a short write, and on a failed write cuts the partial line and says why', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE);
    let budget = 10_000;
    // write(2) as a nearly full disk does it: a few bytes at a time, then ENOSPC
    const write = (fd: number, buffer: Uint8Array, offset: number, length: number) => {
      if (budget <= 0)
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      const n = Math.min(length, 7, budget);
      budget -= n;
      return writeSync(fd, buffer, offset, n);
    };
    const { journal } = await Journal.open(dir, 'never', write);
    journal.append(record(0));
    budget = 12;
    let error: unknown;
    try {
      journal.append(record(1));
    } catch (caught) {
      error = caught;
    }
    journal.close();
    expect(error).toBeInstanceOf(JournalWriteError);
    expect((error as Error).message).toBe(`cannot write ${path}: the disk is full (ENOSPC)`);
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(record(0))}\n`);
  });
});
