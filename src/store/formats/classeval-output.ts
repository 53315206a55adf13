import { z } from 'zod';
import { GenerationsError } from '../../core/errors.js';
import { valueAt } from '../../datasets/validate.js';
import type { Problem } from '../../tasks/types.js';
import {
  assembleGenerations,
  type ImportedGenerations,
  promptPlusCompletion,
  type ReadGenerationsOptions,
} from './imported.js';
import { describeType } from './messages.js';
import { parseGenerationsJson, readGenerationsText } from './read-file.js';
import { assertKnownTaskIds, problemsByFileId } from './task-ids.js';

const HINT =
  'ClassEval\'s output file (generation/inference_pipeline.py) is a JSON list of its dataset rows, each with "task_id" and "predict": a list of strings, one per sample';

/** The fields passk reads; the dataset's other fields (skeleton, test, …) are left alone, as test_pipeline.py takes them from the dataset. */
const rowSchema = z.object({ task_id: z.string(), predict: z.array(z.string()) });

type Row = z.infer<typeof rowSchema>;

/**
 * Reads ClassEval's own output file, what `inference_pipeline.py` writes and
 * `classeval_evaluation/test_pipeline.py` reads: a JSON list of the dataset's rows, each with
 * `predict`, its samples in order (holistic: the raw model outputs; incremental and compositional:
 * one class text per sample, after `post_process`). Each string is read as a samples.jsonl
 * "completion" row is (options.fromCompletion: ClassEval's `extract_code` and
 * `add_static_statement`, as `gen_code_list` reads a prediction). An empty `predict` is a problem
 * without samples. Problems are matched by `task_id`.
 *
 * @throws GenerationsError on a file that is not JSON, a row without a string `task_id` or a
 *   `predict` list of strings (naming the first bad [i] and field), a task_id given twice or not
 *   among the selected problems, or a selected problem without samples (unless `allowMissing`)
 */
export async function readClassEvalOutput(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  return classEvalOutputOf(
    file,
    parseGenerationsJson(file, await readGenerationsText(file), HINT),
    problems,
    options,
  );
}

/** readClassEvalOutput of the file's parsed JSON (object-list.ts has parsed it already). */
export function classEvalOutputOf(
  file: string,
  value: unknown,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): ImportedGenerations {
  const rows = parseRows(file, value);
  const byId = problemsByFileId(problems);
  const at = rows.map((row, i) => ({ taskId: row.task_id, at: `[${i}]` }));
  assertKnownTaskIds(file, at, byId, problems.length);
  assertOnce(file, rows);
  const fromCompletion = options.fromCompletion ?? promptPlusCompletion;
  const programsById = new Map<string, string[]>();
  for (const row of rows) {
    const problem = byId.get(row.task_id)!;
    const texts = row.predict.slice(0, options.samplesPerProblem);
    programsById.set(
      problem.id,
      texts.map((text) => fromCompletion(problem, text)),
    );
  }
  const read = assembleGenerations(file, 'classeval', problems, programsById, options);
  // test_pipeline.py passes the file's path as the model name: "incoder" in it selects
  // InCoder's extraction (the raw text cut at "<|/ file |>"), which passk does not offer.
  if (!file.includes('incoder')) return read;
  const note = `${file}: its path holds "incoder", for which ClassEval's test_pipeline.py reads predictions without extract_code (the text up to "<|/ file |>"); passk reads them as every other model's`;
  return { ...read, notes: [note] };
}

function parseRows(file: string, value: unknown): Row[] {
  const parsed = z.array(rowSchema).safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
  const found = valueAt(value, issue.path);
  const fault =
    issue.code !== 'invalid_type'
      ? issue.message
      : found === undefined
        ? 'is missing'
        : `must be ${issue.expected}, got ${describeType(found)}`;
  throw new GenerationsError(`${file}: ${field || 'the file'} ${fault}`, {
    hint: hintFor(value, issue.path),
  });
}

/**
 * The hint for a row that does not fit: a sample that is a list is an incremental or
 * compositional run cut off before `post_process` (test_pipeline.py cannot read it either); a
 * row with "completion" or "solution" is a samples.jsonl row written as a JSON list.
 */
function hintFor(value: unknown, path: readonly PropertyKey[]): string {
  if (path[1] === 'predict' && Array.isArray(valueAt(value, path))) {
    return `${HINT}; a list there is an incremental or compositional run saved before inference_pipeline.py's post_process (it stopped before the end): finish that run`;
  }
  const row = valueAt(value, path.slice(0, 1));
  if (typeof row === 'object' && row !== null && ('completion' in row || 'solution' in row)) {
    return `${HINT}; a list of {"task_id", "completion"} objects is a samples.jsonl written as one JSON list: write one object per line`;
  }
  return HINT;
}

/**
 * test_pipeline.py keys its predictions by task_id, so a row repeated (two files joined) would
 * silently replace the first: refused instead.
 */
function assertOnce(file: string, rows: readonly Row[]): void {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const first = seen.get(row.task_id);
    if (first !== undefined) {
      throw new GenerationsError(
        `${file}: task_id '${row.task_id}' is in rows [${first}] and [${i}]`,
        {
          hint: "ClassEval's test_pipeline.py would keep only the last; keep one row per task_id, with every sample in its predict list",
        },
      );
    }
    seen.set(row.task_id, i);
  });
}
