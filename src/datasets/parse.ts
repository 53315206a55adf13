import { gunzipSync } from 'node:zlib';
import { DatasetError } from '../core/errors.js';
import { isGzip, JsonlSyntaxError, parseJsonl } from './jsonl.js';
import { isParquet, parseParquet } from './parquet.js';
import { type DatasetRow, isRecord, withLine } from './rows.js';

const HINT_REPAIR = 'repair or re-download the file, or point --dataset-path at a good copy';

/**
 * Decodes a dataset file into row objects, choosing the format from the content first (Parquet
 * magic, gzip magic, a leading `[`) and the extension second: Parquet, a JSON array of objects
 * (`.json`), or JSON lines (`.jsonl`, `.jsonl.gz`). Throws DatasetError naming the file and the
 * line of a broken or non-object row.
 */
export async function parseDataset(bytes: Uint8Array, file: string): Promise<DatasetRow[]> {
  if (isParquet(bytes)) return parseParquet(bytes, file);
  const plain = isGzip(bytes) ? gunzip(bytes, file) : bytes;
  if (looksLikeJsonArray(plain, file)) return parseJsonArray(plain, file);
  return parseJsonLines(plain, file);
}

function gunzip(bytes: Uint8Array, file: string): Uint8Array {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw new DatasetError(`${file}: not a valid gzip file (${(error as Error).message})`, {
      hint: HINT_REPAIR,
      cause: error,
    });
  }
}

// JSONL rows are objects, so a file whose first character is '[' can only be a JSON array.
function looksLikeJsonArray(bytes: Uint8Array, file: string): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (head.startsWith('[')) return true;
  return /\.json(\.gz)?$/i.test(file) && !head.startsWith('{');
}

function parseJsonLines(bytes: Uint8Array, file: string): DatasetRow[] {
  try {
    return parseJsonl(bytes, file).map(({ line, value }) => {
      if (!isRecord(value)) throw notAnObject(file, `line ${line}`, value);
      return withLine(value, line);
    });
  } catch (error) {
    if (!(error instanceof JsonlSyntaxError)) throw error;
    throw new DatasetError(error.message, { hint: HINT_REPAIR, cause: error });
  }
}

function parseJsonArray(bytes: Uint8Array, file: string): DatasetRow[] {
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    throw new DatasetError(`${file}${lineSuffix(text, message)}: not valid JSON (${message})`, {
      hint: HINT_REPAIR,
      cause: error,
    });
  }
  if (!Array.isArray(value)) {
    throw new DatasetError(
      `${file}: expected a JSON array of row objects, got ${describe(value)}`,
      {
        hint: 'a .json dataset must be a list of objects; use JSON lines (.jsonl) for one object per line',
      },
    );
  }
  return value.map((row: unknown, index) => {
    if (!isRecord(row)) throw notAnObject(file, `row ${index + 1}`, row);
    return row;
  });
}

/** ":LINE" for a JSON.parse error that reports a character position, else "". */
function lineSuffix(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  return `:${text.slice(0, Number(position)).split('\n').length}`;
}

function notAnObject(file: string, where: string, value: unknown): DatasetError {
  return new DatasetError(`${file} ${where}: expected a JSON object, got ${describe(value)}`, {
    hint: 'every row must be one JSON object with the fields the task reads',
  });
}

/** A short, human name for a JSON value's type: 'an array', 'null', 'a string', … */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
