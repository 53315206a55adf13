import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { MBPP_STOP_SEQUENCES } from '../mbpp/task.js';
import type { Task } from '../types.js';
import {
  type EvalPlusProblem,
  evalPlusDataOf,
  evalPlusTask,
  type JudgePlacement,
} from './evalplus-task.js';
import { evalPlusRowFields } from './rows.js';

const rowSchema = z.object({ ...evalPlusRowFields, assertion: z.string() });

/**
 * MBPP+ (EvalPlus) v0.2.0: 378 sanitized MBPP problems, 'base' = the dataset's base_input and
 * 'plus' = its plus_input, each output checked against the ground truth's by EvalPlus's rules
 * (set comparison for Mbpp/2, 7, 111, 140, 232, 579, 769; "not None" for 737, 787, 794; the
 * special oracles of 558 and 581). v0.2.0 is v0.1.0 with 21 broken problems removed (see
 * shared/data/SOURCES.md). The prompt is the dataset's docstring (task text and one example
 * assert), the same shape as the `mbpp` task's.
 */
function mbppPlusTask(name: string, judge: JudgePlacement): Task {
  return evalPlusTask({
    name,
    description: 'MBPP+ v0.2.0: base = base_input, plus = plus_input (EvalPlus rules)',
    dataset: {
      hub: {
        repo: 'evalplus/mbppplus',
        revision: 'b2d74c91837c3f2a20c1299ae98133cbe7cfa077',
        path: 'data/test-00000-of-00001-d5781c9c51e02795.parquet',
      },
      localFile: 'mbppplus/MbppPlus-v0.2.0-derived.jsonl.gz',
    },
    rules: 'mbpp',
    judge,
    stopSequences: MBPP_STOP_SEQUENCES,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): EvalPlusProblem => ({
          id: row.task_id,
          language: 'python',
          prompt: row.prompt,
          datasetPrompt: row.prompt,
          // The original asserts, used only where the ground truth cannot be run. Mbpp/120's
          // call math.isclose without importing math; the import is harmless everywhere else.
          tests: `\nimport math\n${row.assertion}\n`,
          entryPoint: row.entry_point,
          reference: row.prompt + row.canonical_solution,
          meta: { evalplus: evalPlusDataOf(row) },
        }),
      );
    },
  });
}

/** Outputs judged in passk's process (the default). */
export const mbppplus = mbppPlusTask('mbppplus', 'outside');
/** Outputs judged in the candidate's process, as EvalPlus does (bit-exact compatibility). */
export const mbppplusInProcess = mbppPlusTask('mbppplus-inprocess', 'in-process');
