import { open, rename, rm } from 'node:fs/promises';

/**
 * Replaces `file` with `data` all at once: written to a sibling temp file, fsynced, then renamed
 * over the target, so a crash leaves either the old file or the complete new one, never half.
 */
export async function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now()}.partial`;
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
