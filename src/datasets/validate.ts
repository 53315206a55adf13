import { basename } from 'node:path';
import type { z } from 'zod';
import { DatasetError } from '../core/errors.js';
import { rowLine } from './rows.js';

/** The rows to check and the file they came from: a LoadedDataset, or any rows with their file. */
export interface RowSource {
  rows: readonly Record<string, unknown>[];
  file: string;
}

/**
 * Checks every row against a task's zod schema and returns the parsed rows, in order.
 *
 * @throws DatasetError on the first row that does not fit, e.g.
 *   `HumanEval.jsonl.gz row 17 (line 17): field 'entry_point': expected string, got number`
 *   (rows are 1-based; the line is given for JSONL files), saying how many more rows fail.
 */
export function validateRows<T>(source: RowSource, schema: z.ZodType<T>): T[] {
  const parsed: T[] = [];
  let first: { index: number; issue: z.core.$ZodIssue } | undefined;
  let failures = 0;
  source.rows.forEach((row, index) => {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
    else if (failures++ === 0) first = { index, issue: result.error.issues[0]! };
  });
  if (first === undefined) return parsed;
  const row = source.rows[first.index]!;
  const more = failures > 1 ? ` (${failures - 1} more rows fail)` : '';
  throw new DatasetError(
    `${where(source.file, first.index, row)}: ${explain(first.issue, row)}${more}`,
    {
      hint: `fix row ${first.index + 1} of ${source.file}, or point --dataset-path at a file with this task's fields`,
    },
  );
}

function where(file: string, index: number, row: object): string {
  const line = rowLine(row);
  return `${basename(file)} row ${index + 1}${line === undefined ? '' : ` (line ${line})`}`;
}

function explain(issue: z.core.$ZodIssue, row: Record<string, unknown>): string {
  const field = issue.path.length === 0 ? '' : `field '${formatPath(issue.path)}': `;
  if (issue.code !== 'invalid_type') return `${field}${issue.message}`;
  const value = valueAt(row, issue.path);
  return value === undefined
    ? `${field}missing (expected ${issue.expected})`
    : `${field}expected ${issue.expected}, got ${jsonType(value)}`;
}

/** `test_list[2]`, `meta.source`: the path the way a user would write it. */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** The value at a zod issue's path, or undefined where the path leaves the value. */
export function valueAt(row: unknown, path: readonly PropertyKey[]): unknown {
  let value = row;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
