import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/**
 * The dataset's rows as the exact text of their JSON lines, by task_id; undefined for a file
 * that is not JSON lines (e.g. Parquet from the Hub).
 *
 * Why the text: JavaScript numbers do not keep `1.0` apart from `1`, and EvalPlus's inputs
 * are typed (HumanEval/0's threshold must be a float; its contract rejects an int). The oracle
 * script parses these lines with Python's own json module, which also reads the NaN and
 * Infinity that MBPP+ inputs contain.
 */
export async function rawRowsByTaskId(file: string): Promise<Map<string, string> | undefined> {
  if (!/\.jsonl(\.gz)?$/i.test(file)) return undefined;
  const bytes = await readFile(file);
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString(
    'utf8',
  );
  const rows = new Map<string, string>();
  for (const line of text.split('\n')) {
    // The id is near the start of every EvalPlus line; parsing the whole line is not needed.
    const id = /^\s*\{\s*"task_id"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
    if (id !== undefined) rows.set(JSON.parse(`"${id}"`) as string, line);
  }
  return rows;
}
