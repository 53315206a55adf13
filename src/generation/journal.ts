import { closeSync, fdatasyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GenerationsError, RunWriteError } from '../core/errors.js';
import { tempPathFor } from '../store/formats/durable-write.js';
import type { FsyncPolicy, SampleRecord } from './types.js';

export const JOURNAL_FILE = 'generations.journal.jsonl';

export interface JournalContents {
  records: SampleRecord[];
  /** Bytes of complete, valid lines; anything after is a torn last line. */
  validBytes: number;
  /** A torn last line was found (the process died mid-write) and ignored. */
  tornTail: boolean;
  /**
   * Torn records found before the last line (a short write, e.g. a disk briefly full, followed
   * by a later whole line glued to it): dropped, and any whole record glued after one kept.
   * Their pairs are simply generated again.
   */
  repairedLines: number;
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

/** A journal line starts with this (append writes problemId first); a torn one too. */
const RECORD_START = '{"problemId":';

/**
 * Reads a journal. The last line may be torn (no newline, or not JSON, because the process was
 * killed while writing it): it is ignored and reported. A torn record inside the file (a short
 * write the writer could not cut off) is repaired: the torn part dropped, a whole record glued
 * after it kept. A line that is not a record at all means the file was damaged or edited, and
 * throws a GenerationsError naming the line.
 */
export async function readJournal(path: string): Promise<JournalContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], validBytes: 0, tornTail: false, repairedLines: 0 };
    throw error;
  }
  const records: SampleRecord[] = [];
  let offset = 0;
  let lineNumber = 0;
  let repairedLines = 0;
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
      if (isLast) {
        const validBytes = Buffer.byteLength(text.slice(0, offset));
        return { records, validBytes, tornTail: true, repairedLines };
      }
      if (!line.startsWith(RECORD_START)) {
        throw new GenerationsError(`${path}:${lineNumber}: not a generation record`, {
          hint: 'the journal was damaged; move it away to start the generation over',
        });
      }
      repairedLines++;
      const glued = parseLine(line.slice(line.lastIndexOf(RECORD_START)));
      if (glued !== undefined) records.push(glued);
      offset = newline + 1;
      continue;
    }
    records.push(record);
    offset = newline + 1;
  }
  return { records, validBytes: Buffer.byteLength(text), tornTail: false, repairedLines };
}

function parseLine(line: string): SampleRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isSampleRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A journal write that failed (disk full, size limit): see RunWriteError. */
export const JournalWriteError = RunWriteError;

type WriteFn = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

/**
 * Append-only journal of finished samples. Each record is one line written with synchronous
 * write(2)s on an O_APPEND descriptor, repeated until the whole line is in (a short write is
 * continued, not left half-done); once `append` returns the line is in the kernel and survives
 * SIGKILL of passk. A write that fails (disk full) cuts the file back to the end of the last
 * whole line and throws JournalWriteError. fsync (see FsyncPolicy) is only about OS crashes.
 */
export class Journal {
  private syncTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly fd: number,
    private readonly fsync: FsyncPolicy,
    private readonly path: string,
    /** Bytes of whole lines in the file. */
    private size: number,
    private readonly write: WriteFn,
  ) {}

  /**
   * Opens `${runDir}/generations.journal.jsonl` for appending and returns what it already
   * holds. A torn last line is cut off first, so the next record starts on a line of its own;
   * a journal with torn lines inside is rewritten with its whole records only.
   */
  static async open(
    runDir: string,
    fsync: FsyncPolicy = 'batched',
    write: WriteFn = writeSync,
  ): Promise<{ journal: Journal; contents: JournalContents }> {
    await mkdir(runDir, { recursive: true });
    const path = join(runDir, JOURNAL_FILE);
    const contents = await readJournal(path);
    let size = contents.validBytes;
    try {
      if (contents.repairedLines > 0) {
        const text = contents.records.map((r) => `${line(r)}`).join('');
        const repair = tempPathFor(path);
        await writeFile(repair, text);
        await rename(repair, path);
        size = Buffer.byteLength(text);
      } else if (contents.tornTail) {
        await truncate(path, contents.validBytes);
      }
      return { journal: new Journal(openSync(path, 'a'), fsync, path, size, write), contents };
    } catch (error) {
      throw new JournalWriteError(path, error);
    }
  }

  append(record: SampleRecord): void {
    const bytes = Buffer.from(line(record));
    let written = 0;
    try {
      while (written < bytes.length) {
        written += this.write(this.fd, bytes, written, bytes.length - written);
      }
    } catch (error) {
      // Take the partial line back out so the next session starts on a clean line; if even
      // that fails, readJournal repairs the torn line on resume.
      if (written > 0) {
        try {
          ftruncateSync(this.fd, this.size);
        } catch {}
      }
      throw new JournalWriteError(this.path, error);
    }
    this.size += bytes.length;
    if (this.fsync === 'each') fdatasyncSync(this.fd);
    else if (this.fsync === 'batched' && this.syncTimer === undefined) {
      this.syncTimer = setTimeout(() => {
        this.syncTimer = undefined;
        try {
          fdatasyncSync(this.fd);
        } catch {} // reported by the next append or close
      }, 1000);
      this.syncTimer.unref();
    }
  }

  close(): void {
    clearTimeout(this.syncTimer);
    try {
      if (this.fsync !== 'never') fdatasyncSync(this.fd);
    } finally {
      closeSync(this.fd);
    }
  }
}

/** One journal line: problemId first (readJournal's repair looks for it), then the rest. */
function line(record: SampleRecord): string {
  const { problemId, ...rest } = record;
  return `${JSON.stringify({ problemId, ...rest })}\n`;
}
