import { readFile } from 'node:fs/promises';
import { DatasetError } from '../core/errors.js';

/**
 * Reads a file's bytes, or returns undefined when it does not exist (the caller decides whether
 * that is an error and what to suggest). Any other failure (a directory, no permission) throws
 * DatasetError naming the file.
 */
export async function readIfExists(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new DatasetError(
      `cannot read dataset file ${file} (${code ?? (error as Error).message})`,
      {
        hint:
          code === 'EISDIR'
            ? 'pass the data file itself, not its folder'
            : 'check the file permissions',
        cause: error,
      },
    );
  }
}
