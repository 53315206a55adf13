import type { JsonlLine } from '../../datasets/jsonl.js';

/**
 * `--n-samples n` below what a samples.jsonl holds (issue 30): only each problem's first n lines
 * are parsed. A line's problem is read from its text where that is unambiguous (one `"task_id"`
 * key, a string or integer value), else by parsing that line; the rest of a later line is never
 * parsed. A sample's index is still its order among its problem's lines.
 */
export interface FirstLines {
  /** The lines to parse: each problem's first n, and any whose task_id could not be read. */
  lines: JsonlLine[];
  /** The task_id read from each kept line's text, by line number (checked against the parse). */
  ids: Map<number, string>;
  /** How many lines were left out. */
  skipped: number;
}

export function firstLinesPerTask(lines: readonly JsonlLine[], n: number): FirstLines {
  const seen = new Map<string, number>();
  const kept: JsonlLine[] = [];
  const ids = new Map<number, string>();
  let skipped = 0;
  for (const line of lines) {
    const taskId = taskIdOf(line.raw);
    if (taskId === undefined) {
      kept.push(line); // not an object with a task_id: parsing it reports why
      continue;
    }
    const count = seen.get(taskId) ?? 0;
    seen.set(taskId, count + 1);
    if (count < n) {
      kept.push(line);
      ids.set(line.line, taskId);
    } else skipped++;
  }
  return { lines: kept, ids, skipped };
}

const KEY = '"task_id"';
/** The value after the key: a JSON string or integer, then the end of the member. */
const VALUE = /^"task_id"\s*:\s*("(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*))\s*[,}]/;

/** A line's task_id as parseSampleRow reads it (an integer as its decimal string), if any. */
function taskIdOf(raw: string): string | undefined {
  return cheapTaskId(raw) ?? parsedTaskId(raw);
}

/**
 * The task_id read without parsing the line: only when `"task_id"` occurs once, not after a
 * backslash (an unescaped quote in valid JSON is a string's edge, so such a key is a member
 * name; a second occurrence may be a nested object's, so then the line is parsed).
 */
function cheapTaskId(raw: string): string | undefined {
  const at = raw.indexOf(KEY);
  if (at <= 0 || raw[at - 1] === '\\' || raw.indexOf(KEY, at + KEY.length) !== -1) {
    return undefined;
  }
  const token = VALUE.exec(raw.slice(at, at + 512))?.[1];
  if (token === undefined) return undefined;
  try {
    const id = JSON.parse(token) as string | number;
    return typeof id === 'number' && !Number.isSafeInteger(id) ? undefined : String(id);
  } catch {
    return undefined;
  }
}

function parsedTaskId(raw: string): string | undefined {
  try {
    const value = JSON.parse(raw) as { task_id?: unknown } | null;
    const id = typeof value === 'object' && value !== null ? value.task_id : undefined;
    if (typeof id === 'string') return id;
    return Number.isSafeInteger(id) ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
