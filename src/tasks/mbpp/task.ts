import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { promptPlusCut, pythonProgram } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';

const rowSchema = z.object({
  task_id: z.number().int(),
  text: z.string(),
  code: z.string(),
  test_list: z.array(z.string()).min(1),
  test_setup_code: z.string().default(''),
});

/** The test split is task ids 11–510 (1–10 are prompting examples, 511+ train/validation). */
const TEST_SPLIT = { first: 11, last: 510 };

export const MBPP_STOP_SEQUENCES = [
  '\nclass',
  '\nassert',
  '\n"""',
  '\nprint',
  '\nif',
  '\n<|/',
  '\n```',
] as const;

/** An MBPP problem's data: its description; `mbpp-instruct` adds the first test. */
export type MbppData = { text: string; firstTest?: string };

/** MBPP (Austin et al., 2021): 500 crowd-sourced Python problems, checked by three asserts. */
export const mbpp: Task<MbppData> = {
  name: 'mbpp',
  description:
    "MBPP test split (500 problems), docstring prompt with the first test as example (bigcode's); test_setup_code runs before the asserts (bigcode omits it)",
  language: 'python',
  dataset: {
    hub: {
      repo: 'google-research-datasets/mbpp',
      revision: '4bb6404fdc6cacfda99d4ac4205087b89d32030c',
      path: 'full/test-00000-of-00001.parquet',
    },
    localFile: 'mbpp/mbpp.jsonl',
  },
  defaultTimeoutMs: 3000,
  stopSequences: MBPP_STOP_SEQUENCES,
  problems(rows, file) {
    return validateRows({ rows, file }, rowSchema)
      .filter((row) => row.task_id >= TEST_SPLIT.first && row.task_id <= TEST_SPLIT.last)
      .map((row): Problem<MbppData> => {
        const prompt = `"""\n${row.text}\n${row.test_list[0]}\n"""\n`;
        const setup = row.test_setup_code.trim() === '' ? '' : `${row.test_setup_code}\n`;
        return {
          id: String(row.task_id),
          language: 'python',
          prompt,
          datasetPrompt: prompt,
          tests: `\n${setup}${row.test_list.join('\n')}\n`,
          reference: prompt + row.code,
          // bigcode's MBPP.get_reference: "\n".join(test_list) (no test_setup_code).
          meta: { text: row.text, bigcodeReference: row.test_list.join('\n') },
        };
      });
  },
  postprocess: (problem, generation) => promptPlusCut(problem, generation, mbpp.stopSequences),
  program: pythonProgram,
  referenceSemantics: 'human-eval',
};
