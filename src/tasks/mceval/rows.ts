import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Problem } from '../types.js';

/** A row of McEval's `data/<Language>.jsonl` (every language has the same fields). */
const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
  signature: z.string(),
  instruction: z.string(),
  level: z.string(),
});

export type McevalRow = z.infer<typeof rowSchema>;

export type McevalData = { signature: string; test: string; level: string; instruction: string };

/** The rows of one language's file as problems; `reference` builds the reference program. */
export function mcevalProblems(
  rows: readonly Record<string, unknown>[],
  file: string,
  language: string,
  reference: (row: McevalRow) => string,
): Problem<McevalData>[] {
  return validateRows({ rows, file }, rowSchema).map((r) => ({
    id: r.task_id,
    language,
    prompt: r.prompt,
    datasetPrompt: r.prompt,
    tests: `\n${r.test}`,
    entryPoint: r.entry_point,
    reference: reference(r),
    meta: { signature: r.signature, test: r.test, level: r.level, instruction: r.instruction },
  }));
}
