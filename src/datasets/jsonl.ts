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

/** A JSONL line not parsed yet: its 1-based line number and its text, trimmed. */
export interface JsonlLine {
  line: number;
  raw: string;
}

/** Decodes a JSONL buffer (gzip-compressed when it starts with the gzip magic bytes). */
export function parseJsonl(bytes: Uint8Array, file: string): JsonlRecord[] {
  return parseJsonlLines(jsonlLines(bytes), file);
}

/** A JSONL buffer's non-empty lines, unparsed (gunzipped when it starts with gzip's magic bytes). */
export function jsonlLines(bytes: Uint8Array): JsonlLine[] {
  const text = new TextDecoder().decode(isGzip(bytes) ? gunzipSync(bytes) : bytes);
  const found: JsonlLine[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw !== '') found.push({ line: i + 1, raw });
  }
  return found;
}

/** Parses each line; JsonlSyntaxError (file:line) at the first that is not JSON. */
export function parseJsonlLines(lines: readonly JsonlLine[], file: string): JsonlRecord[] {
  return lines.map(({ line, raw }) => {
    try {
      return { line, value: parseJsonLine(raw) };
    } catch (error) {
      throw new JsonlSyntaxError(file, line, (error as Error).message);
    }
  });
}

const NON_FINITE = new Map([
  ['\u0000passk:NaN', Number.NaN],
  ['\u0000passk:Infinity', Number.POSITIVE_INFINITY],
  ['\u0000passk:-Infinity', Number.NEGATIVE_INFINITY],
]);

/**
 * JSON.parse, also accepting the bare NaN, Infinity and -Infinity that Python's json module
 * writes (EvalPlus's MBPP+ inputs have them), as the JS numbers they stand for. Strict JSON
 * takes the fast path; only a line that fails is scanned for the tokens outside strings.
 */
export function parseJsonLine(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (error) {
    const marked = markNonFinite(raw);
    if (marked === raw) throw error;
    return JSON.parse(marked, (_key, value: unknown) =>
      typeof value === 'string' ? (NON_FINITE.get(value) ?? value) : value,
    );
  }
}

/** `raw` with each bare NaN / Infinity / -Infinity outside a string replaced by a marker string. */
function markNonFinite(raw: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += raw[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    const token = /^(-?Infinity|NaN)/.exec(raw.slice(i, i + 9))?.[1];
    if (token !== undefined) {
      out += JSON.stringify(`\u0000passk:${token}`);
      i += token.length - 1;
      continue;
    }
    out += ch;
  }
  return out;
}

/** Reads a .jsonl or .jsonl.gz file; throws JsonlSyntaxError naming the line of a broken row. */
export async function readJsonl(file: string): Promise<JsonlRecord[]> {
  return parseJsonl(await readFile(file), file);
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
