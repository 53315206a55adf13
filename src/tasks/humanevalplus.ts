import { z } from 'zod';
import { validateRows } from '../datasets/validate.js';
import { HUMANEVAL_STOP_SEQUENCES } from './humaneval.js';
import type { OutputCheck } from './plus/check-program.js';
import { evalPlusDataOf, evalPlusTask } from './plus/evalplus-task.js';
import { evalPlusRowFields } from './plus/rows.js';
import { pythonStrip } from './python-program.js';
import type { Problem } from './types.js';

const rowSchema = z.object({ ...evalPlusRowFields, test: z.string() });

/**
 * Problems with more than one right answer, judged by a property instead of equality with the
 * ground truth. HumanEval/32 (find_zero) asks for *a* zero of the polynomial, as its own test
 * does (|poly(xs, x)| < atol), so any root within the dataset's atol passes.
 */
const PROPERTY_CHECKS: Record<string, OutputCheck> = {
  'HumanEval/32': {
    python:
      'isinstance(out, (int, float)) and abs(sum(c * out ** i for i, c in enumerate(args[0]))) <= atol',
  },
};

/**
 * HumanEval+ (EvalPlus, Liu et al. 2023) v0.1.10: HumanEval's 164 problems with the original
 * tests ('base') and ~80× more inputs checked against the ground truth ('plus'). Prompts are
 * stripped at both ends, as bigcode's `humanevalplus` and passk's `humaneval` do
 * (`humanevalplus-unstripped` keeps the dataset's).
 */
export const humanevalplus = evalPlusTask({
  name: 'humanevalplus',
  description: 'HumanEval+ v0.1.10: base = original tests, plus = original + EvalPlus inputs',
  dataset: {
    hub: {
      repo: 'evalplus/humanevalplus',
      revision: 'd32357cf319e50e9c8d8dab5ea876c72b0fd321b',
      path: 'data/test-00000-of-00001-5973903632b82d40.parquet',
    },
    localFile: 'humanevalplus/HumanEvalPlus-v0.1.10.jsonl.gz',
  },
  stopSequences: HUMANEVAL_STOP_SEQUENCES,
  problems(rows, file) {
    return validateRows({ rows, file }, rowSchema).map((row): Problem => {
      const evalplus = evalPlusDataOf(row, PROPERTY_CHECKS[row.task_id] ?? 'equal');
      return {
        id: row.task_id,
        language: 'python',
        prompt: pythonStrip(row.prompt),
        datasetPrompt: row.prompt,
        tests: `\n${row.test}\ncheck(${row.entry_point})\n`,
        entryPoint: row.entry_point,
        reference: row.prompt + row.canonical_solution,
        meta: { evalplus },
      };
    });
  },
});
