import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { GenerationsError } from '../core/errors.js';
import type { FsyncPolicy, SampleRecord } from './types.js';

export const JOURNAL_FILE = 'generations.journal.jsonl';

export interface JournalContents {
  records: SampleRecord[];
  /** Bytes of complete, valid lines; anything after is a torn last line. */
  validBytes: number;
  /** A torn last line was found (the process died mid-write) and ignored. */
  tornTail: boolean;
}

function isSampleRecord(value: unknown): value is SampleRecord {
  const record = value as Partial<SampleRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.problemId === 'string' &&
    Number.isInteger(record.sample) &&
    typeof record.program === 'string'
  );
}

/**
 * Reads a journal. The last line may be torn (no newline, or not JSON, because the process was
 * killed while writing it): it is ignored and reported. A bad line anywhere else means the file
 * was damaged or edited, and throws a GenerationsError naming the line.
 */
export async function readJournal(path: string): Promise<JournalContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], validBytes: 0, tornTail: false };
    throw error;
  }
  const records: SampleRecord[] = [];
  let offset = 0;
  let lineNumber = 0;
  while (offset < text.length) {
    lineNumber++;
    const newline = text.indexOf('\n', offset);
    const line = text.slice(offset, newline === -1 ? text.length : newline);
    if (newline !== -1 && line.trim() === '') {
      offset = newline + 1;
      continue;
    }
    const record = parseLine(line);
    if (newline === -1 || record === undefined) {
      const isLast = newline === -1 || newline === text.length - 1;
      if (isLast)
        return { records, validBytes: Buffer.byteLength(text.slice(0, offset)), tornTail: true };
      throw new GenerationsError(`${path}:${lineNumber}: not a generation record`, {
        hint: 'the journal was damaged; move it away to start the generation over',
      });
    }
    records.push(record);
    offset = newline + 1;
  }
  return { records, validBytes: Buffer.byteLength(text), tornTail: false };
}

function parseLine(line: string): SampleRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isSampleRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Append-only journal of finished samples. Each record is one line written with a single
 * synchronous write(2) on an O_APPEND descriptor: once `append` returns the line is in the
 * kernel and survives SIGKILL of passk. fsync (see FsyncPolicy) is only about OS crashes.
 */
export class Journal {
  private syncTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly fd: number,
    private readonly fsync: FsyncPolicy,
  ) {}

  /**
   * Opens `${runDir}/generations.journal.jsonl` for appending and returns what it already
   * holds. A torn last line is cut off first, so the next record starts on a line of its own.
   */
  static async open(
    runDir: string,
    fsync: FsyncPolicy = 'batched',
  ): Promise<{ journal: Journal; contents: JournalContents }> {
    await mkdir(runDir, { recursive: true });
    const path = join(runDir, JOURNAL_FILE);
    const contents = await readJournal(path);
    if (contents.tornTail) await truncate(path, contents.validBytes);
    return { journal: new Journal(openSync(path, 'a'), fsync), contents };
  }

  append(record: SampleRecord): void {
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    if (this.fsync === 'each') fdatasyncSync(this.fd);
    else if (this.fsync === 'batched' && this.syncTimer === undefined) {
      this.syncTimer = setTimeout(() => {
        this.syncTimer = undefined;
        fdatasyncSync(this.fd);
      }, 1000);
      this.syncTimer.unref();
    }
  }

  close(): void {
    clearTimeout(this.syncTimer);
    if (this.fsync !== 'never') fdatasyncSync(this.fd);
    closeSync(this.fd);
  }
}
