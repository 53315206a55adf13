import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** A parsed JSON line with its 1-based line number, for error messages that point at the row. */
export interface JsonlRecord {
  line: number;
  value: unknown;
}

export class JsonlSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: not valid JSON (${detail})`);
  }
}

/** Decodes a JSONL buffer (gzip-compressed when it starts with the gzip magic bytes). */
export function parseJsonl(bytes: Uint8Array, file: string): JsonlRecord[] {
  const text = new TextDecoder().decode(isGzip(bytes) ? gunzipSync(bytes) : bytes);
  const records: JsonlRecord[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    try {
      records.push({ line: i + 1, value: JSON.parse(raw) });
    } catch (error) {
      throw new JsonlSyntaxError(file, i + 1, (error as Error).message);
    }
  }
  return records;
}

/** Reads a .jsonl or .jsonl.gz file; throws JsonlSyntaxError naming the line of a broken row. */
export async function readJsonl(file: string): Promise<JsonlRecord[]> {
  return parseJsonl(await readFile(file), file);
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
