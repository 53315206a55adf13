import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/**
 * A sibling temp file of `file` that no other writer uses: the pid and random bytes in its name,
 * so that two processes (or two writes in one) replacing the same file never rename each
 * other's temp file away (a fixed `X.tmp` made the second rename fail with ENOENT).
 */
export function tempPathFor(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
}

/** Replaces `file` all at once (a uniquely named temp file renamed over it), without fsync. */
export { writeAtomic as replaceFile } from '../../datasets/cache.js';

/**
 * Replaces `file` with `data` all at once: written to a sibling temp file, fsynced, then renamed
 * over the target, so a crash leaves either the old file or the complete new one, never half.
 */
export async function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  const temp = tempPathFor(file);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, file);
}
