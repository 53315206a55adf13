/**
 * Rows carry the line they came from (JSONL only) under a symbol key. A symbol is invisible to
 * JSON.stringify, Object.keys and zod's output, so a row stays a plain record everywhere, yet a
 * schema error found later, after the rows have been passed on without their file, can still
 * say "line 17".
 */
const LINE = Symbol('passk.datasetLine');

export type DatasetRow = Record<string, unknown>;

/** Marks `row` as read from 1-based `line` of its file. */
export function withLine(row: DatasetRow, line: number): DatasetRow {
  Object.defineProperty(row, LINE, { value: line, enumerable: false });
  return row;
}

/** The 1-based source line of a row read from JSONL, or undefined (JSON array, Parquet). */
export function rowLine(row: object): number | undefined {
  const line = (row as { [LINE]?: unknown })[LINE];
  return typeof line === 'number' ? line : undefined;
}

/** A plain JSON object (not an array, not null): the only shape a dataset row may have. */
export function isRecord(value: unknown): value is DatasetRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
