import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Problem } from '../types.js';
import { LIBRARIES, type Library } from './names.js';

const rowSchema = z.object({
  prompt: z.string(),
  reference_code: z.string(),
  code_context: z.string().includes('def test_execution('),
  metadata: z.object({
    problem_id: z.number().int(),
    library_problem_id: z.number().int(),
    library: z.enum(LIBRARIES),
    test_case_cnt: z.number().int(),
    perturbation_type: z.string(),
    perturbation_origin_id: z.number().int(),
  }),
});

/** A DS-1000 problem's data: upstream's metadata, and the insertion prompt's parts if sent. */
export type Ds1000Data = {
  library: Library;
  library_problem_id: number;
  perturbation_type: string;
  perturbation_origin_id: number;
  test_case_cnt: number;
  prefix?: string;
  suffix?: string;
};
export type Ds1000Problem = Problem<Ds1000Data>;

/** The library a DS-1000 problem belongs to (its `meta.library`). */
export function libraryOf(problem: Ds1000Problem): Library {
  return problem.meta.library;
}

/**
 * DS-1000 rows (the 2024 simplified format) as problems, in file order. The id is upstream's
 * `metadata.problem_id` (its answers files are keyed by it); `tests` holds `code_context`, the
 * harness the solution is inserted into; the reference is `reference_code`, the text a model's
 * answer stands in for (not prompt + solution: the prompt is prose).
 */
export function ds1000Problems(
  rows: readonly Record<string, unknown>[],
  file: string,
): Ds1000Problem[] {
  return validateRows({ rows, file }, rowSchema).map((row) => ({
    id: String(row.metadata.problem_id),
    language: 'python',
    prompt: row.prompt,
    datasetPrompt: row.prompt,
    tests: row.code_context,
    reference: row.reference_code,
    meta: {
      library: row.metadata.library,
      library_problem_id: row.metadata.library_problem_id,
      perturbation_type: row.metadata.perturbation_type,
      perturbation_origin_id: row.metadata.perturbation_origin_id,
      test_case_cnt: row.metadata.test_case_cnt,
    },
  }));
}
