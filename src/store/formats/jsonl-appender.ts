import { open, readFile, truncate } from 'node:fs/promises';

/** Appends records to a JSONL file, one line each, in call order. */
export interface JsonlAppender<T> {
  /** Resolves once the line is written (to the OS; `close` makes it durable). */
  append(record: T): Promise<void>;
  /** Flushes to disk (fsync) and closes. Appending after close throws. */
  close(): Promise<void>;
}

/**
 * Opens `file` for appending (creating it), so a resumed run adds to what is there. A crash can
 * leave a torn last line without its newline; it is cut off on open, since that record was
 * never acknowledged and gluing the next line to it would corrupt both.
 */
export async function openJsonlAppender<T>(file: string): Promise<JsonlAppender<T>> {
  const repair = await repairTail(file);
  const handle = await open(file, 'a');
  if (repair === 'add-newline') await handle.appendFile('\n');
  // Each append waits for the previous one, so lines keep call order even when the caller
  // does not await (writes on one handle can otherwise complete out of order).
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    append(record) {
      if (closed) return Promise.reject(new Error(`append after close: ${file}`));
      const line = `${JSON.stringify(record)}\n`;
      // appendFile, not write: it loops until the whole line is out, so a line is never split.
      const write = queue.then(() => handle.appendFile(line));
      queue = write.catch(() => {});
      return write;
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await handle.sync();
      await handle.close();
    },
  };
}

/**
 * The bytes up to the end of the last complete line. A final line without its newline counts as
 * complete only when it is valid JSON (a hand-edited file); an object cut off mid-write never is.
 */
export function completeLines(bytes: Uint8Array): Uint8Array {
  const end = bytes.lastIndexOf(0x0a) + 1;
  const tail = new TextDecoder().decode(bytes.subarray(end)).trim();
  return tail === '' || isJson(tail) ? bytes : bytes.subarray(0, end);
}

async function repairTail(file: string): Promise<'none' | 'add-newline'> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
  if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return 'none';
  const complete = completeLines(bytes);
  if (complete.length === bytes.length) return 'add-newline';
  await truncate(file, complete.length);
  return 'none';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
