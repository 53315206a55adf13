import { z } from 'zod';
import { validateRows } from '../datasets/validate.js';
import { MBPP_STOP_SEQUENCES } from './mbpp.js';
import { evalPlusDataOf, evalPlusTask } from './plus/evalplus-task.js';
import { evalPlusRowFields } from './plus/rows.js';
import type { Problem } from './types.js';

const rowSchema = z.object({ ...evalPlusRowFields, assertion: z.string() });

/**
 * Problems whose prompt example compares `set(...)` of the output: the order of the returned
 * elements is not part of the answer, so the plus suite compares them as sets too.
 */
const SET_EXAMPLE = /^assert\s+set\(/m;

/**
 * MBPP+ (EvalPlus) v0.2.0: 378 sanitized MBPP problems, the original asserts ('base') and the
 * EvalPlus inputs checked against the ground truth ('plus'). v0.2.0 is v0.1.0 with 21 broken
 * problems removed (see shared/data/SOURCES.md). The prompt is the dataset's docstring (task
 * text and one example assert), the same shape as the `mbpp` task's.
 */
export const mbppplus = evalPlusTask({
  name: 'mbppplus',
  description: 'MBPP+ v0.2.0: base = original asserts, plus = original + EvalPlus inputs',
  dataset: {
    hub: {
      repo: 'evalplus/mbppplus',
      revision: 'b2d74c91837c3f2a20c1299ae98133cbe7cfa077',
      path: 'data/test-00000-of-00001-d5781c9c51e02795.parquet',
    },
    localFile: 'mbppplus/MbppPlus-v0.2.0-derived.jsonl.gz',
  },
  stopSequences: MBPP_STOP_SEQUENCES,
  problems(rows, file) {
    return validateRows({ rows, file }, rowSchema).map((row): Problem => {
      const evalplus = evalPlusDataOf(row, SET_EXAMPLE.test(row.prompt) ? 'set' : 'equal');
      return {
        id: row.task_id,
        language: 'python',
        prompt: row.prompt,
        datasetPrompt: row.prompt,
        // Mbpp/120's asserts call math.isclose without importing math (EvalPlus never runs
        // this field as code); the import is harmless everywhere else.
        tests: `\nimport math\n${row.assertion}\n`,
        entryPoint: row.entry_point,
        reference: row.prompt + row.canonical_solution,
        meta: { evalplus },
      };
    });
  },
});
