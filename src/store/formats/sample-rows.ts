import { GenerationsError } from '../../core/errors.js';
import type { JsonlRecord } from '../../datasets/jsonl.js';
import { describeType } from './messages.js';

/** One line of a samples.jsonl, shape-checked. */
export interface SampleRow {
  line: number;
  taskId: string;
  /** 'completion': text that continues the dataset prompt (human-eval); 'solution': a whole program (EvalPlus). */
  kind: 'completion' | 'solution';
  text: string;
}

const ROW_HINT =
  'each line needs "task_id" and either "completion" (human-eval: the text after the prompt) or "solution" (EvalPlus: the whole program)';

/**
 * Checks one parsed line. When a row has both fields, "solution" wins, as in EvalPlus (which
 * only falls back to prompt + completion when "solution" is absent). Integer task ids (MBPP's
 * original 11, 12, …) are accepted and read as their decimal string.
 *
 * @throws GenerationsError naming file:line and the field
 */
export function parseSampleRow(file: string, { line, value }: JsonlRecord): SampleRow {
  const where = `${file}:${line}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GenerationsError(`${where}: expected a JSON object, got ${describeType(value)}`, {
      hint: ROW_HINT,
    });
  }
  const row = value as { task_id?: unknown } & Record<string, unknown>;
  const taskId = readTaskId(where, row.task_id);
  for (const kind of ['solution', 'completion'] as const) {
    if (!(kind in row)) continue;
    const text = row[kind];
    if (typeof text !== 'string') {
      throw new GenerationsError(
        `${where}: field "${kind}" must be a string, got ${describeType(text)}`,
        {
          hint: ROW_HINT,
        },
      );
    }
    return { line, taskId, kind, text };
  }
  throw new GenerationsError(`${where}: neither a "completion" nor a "solution" field`, {
    hint: ROW_HINT,
  });
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
