import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { HUMANEVAL_STOP_SEQUENCES } from '../humaneval/task.js';
import { pythonStrip } from '../kit/python-program.js';
import type { Task } from '../types.js';
import {
  type EvalPlusProblem,
  evalPlusDataOf,
  evalPlusTask,
  type JudgePlacement,
} from './evalplus-task.js';
import { evalPlusRowFields } from './rows.js';

const rowSchema = z.object({ ...evalPlusRowFields, test: z.string() });

/**
 * HumanEval+ (EvalPlus, Liu et al. 2023) v0.1.10: HumanEval's 164 problems, 'base' = the
 * dataset's base_input and 'plus' = its ~80× more plus_input, each output checked against the
 * ground truth's by EvalPlus's rules (HumanEval/32 by its root property). Prompts are stripped
 * at both ends, as bigcode's `humanevalplus` and passk's `humaneval` do
 * (`humanevalplus-unstripped` keeps the dataset's).
 */
function humanEvalPlusTask(name: string, judge: JudgePlacement): Task {
  return evalPlusTask({
    name,
    description: 'HumanEval+ v0.1.10: base = base_input, plus = plus_input (EvalPlus rules)',
    dataset: {
      hub: {
        repo: 'evalplus/humanevalplus',
        revision: 'd32357cf319e50e9c8d8dab5ea876c72b0fd321b',
        path: 'data/test-00000-of-00001-5973903632b82d40.parquet',
      },
      localFile: 'humanevalplus/HumanEvalPlus-v0.1.10.jsonl.gz',
    },
    rules: 'humaneval',
    judge,
    stopSequences: HUMANEVAL_STOP_SEQUENCES,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): EvalPlusProblem => ({
          id: row.task_id,
          language: 'python',
          prompt: pythonStrip(row.prompt),
          datasetPrompt: row.prompt,
          // The original tests: used only where the ground truth cannot be run.
          tests: `\n${row.test}\ncheck(${row.entry_point})\n`,
          entryPoint: row.entry_point,
          reference: row.prompt + row.canonical_solution,
          meta: { evalplus: evalPlusDataOf(row) },
        }),
      );
    },
  });
}

/** Outputs judged in passk's process (the default). */
export const humanevalplus = humanEvalPlusTask('humanevalplus', 'outside');
/** Outputs judged in the candidate's process, as EvalPlus does (bit-exact compatibility). */
export const humanevalplusInProcess = humanEvalPlusTask('humanevalplus-inprocess', 'in-process');
