import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { ConfigError } from '../core/errors.js';
import type { NgramScanner } from './tokenize.js';

export type CorpusFormat = 'text' | 'jsonl';

/** Where a document being scanned sits, for reporting the best match. */
export interface DocumentPlace {
  file: string;
  /** JSONL: the 1-based line of the record. */
  line?: number;
  /** JSONL: the path of the string field inside the record, e.g. 'content' or 'messages[1].text'. */
  field?: string;
}

export interface CorpusStats {
  path: string;
  format: CorpusFormat;
  /** Bytes scanned (after gunzip for .gz files). */
  bytes: number;
  /** JSONL lines that were not valid JSON (skipped; corpora are messy). */
  badLines: number;
}

const CHUNK_BYTES = 1 << 20;

/** JSONL by extension (.jsonl, .ndjson, optionally .gz); anything else is plain text. */
export function corpusFormat(file: string): CorpusFormat {
  return /\.(jsonl|ndjson)(\.gz)?$/i.test(file) ? 'jsonl' : 'text';
}

/** The files under each path (directories recursively, in sorted order). */
export async function corpusFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new ConfigError(`--corpus ${path}: no such file or directory`);
    if (!info.isDirectory()) {
      files.push(path);
      continue;
    }
    const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
    files.push(...(await corpusFiles(entries.map((entry) => join(path, entry.name)))));
  }
  return files;
}

/**
 * Streams one corpus file through the scanner with bounded memory: plain text in 1 MiB chunks
 * (one document per file; offsets are byte offsets in the file, after gunzip), JSONL line by
 * line, each string field of a record its own document (offsets within the field's UTF-8 text).
 * Memory: one chunk for text, the longest line for JSONL.
 *
 * @param onDocument called as each document starts, with where it is
 */
export async function scanCorpusFile(
  file: string,
  scanner: NgramScanner,
  onDocument: (place: DocumentPlace) => void,
): Promise<CorpusStats> {
  const format = corpusFormat(file);
  const raw = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  const stream = file.endsWith('.gz') ? raw.pipe(createGunzip({ chunkSize: CHUNK_BYTES })) : raw;
  const stats: CorpusStats = { path: file, format, bytes: 0, badLines: 0 };
  if (format === 'text') {
    scanner.reset();
    onDocument({ file });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      scanner.push(chunk, stats.bytes);
      stats.bytes += chunk.length;
    }
    scanner.end();
    return stats;
  }
  let pending: Buffer[] = [];
  let line = 0;
  const record = (bytes: Buffer) => {
    line++;
    if (bytes.length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      stats.badLines++;
      return;
    }
    forEachString(value, '', (field, text) => {
      scanner.reset();
      onDocument({ file, line, field });
      scanner.push(Buffer.from(text, 'utf8'), 0);
      scanner.end();
    });
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    stats.bytes += chunk.length;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      record(
        pending.length === 0
          ? chunk.subarray(start, nl)
          : Buffer.concat([...pending, chunk.subarray(start, nl)]),
      );
      pending = [];
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) record(Buffer.concat(pending));
  return stats;
}

/** Calls `visit` with every string in a JSON value and its path. */
function forEachString(
  value: unknown,
  path: string,
  visit: (field: string, text: string) => void,
): void {
  if (typeof value === 'string') {
    visit(path, value);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) forEachString(value[i], `${path}[${i}]`, visit);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      forEachString(item, path === '' ? key : `${path}.${key}`, visit);
    }
  }
}
