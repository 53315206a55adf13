import { ConfigError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';
import {
  describeCut,
  describePrompt,
  type ExplainRow,
  explainSynthesizePrompt,
} from './explain.js';
import { PACK_STOPS, type PackLanguage } from './prompt.js';
import { humanEvalPack, type PackData, RUNTIME, rowSchema } from './task.js';

const explainRowSchema = rowSchema.required({ docstring: true });

/** A describe problem's data: its row (with the docstring that bounds the description). */
type DescribeData = { row: ExplainRow };

/** A synthesize-from-description problem's data: synthesize's, plus which description it is. */
export type ExplainSynthesizeData = PackData & { description?: string; descriptionSample?: number };

/** The text after the prompt, whether or not the backend echoed the prompt. */
const afterPrompt = (problem: Problem, generation: string) =>
  generation.startsWith(problem.prompt) ? generation.slice(problem.prompt.length) : generation;

/**
 * `humanevalexplaindescribe-LANG`: describe the canonical solution. Its samples are descriptions,
 * not programs: `run` saves them, and `humanevalexplainsynthesize-LANG --descriptions RUN_DIR`
 * scores them. The reference description is the problem's own docstring.
 */
export function humanEvalExplainDescribe(language: PackLanguage): Task<DescribeData> {
  const synthesize = humanEvalPack(language, 'synthesize');
  const next = `humanevalexplainsynthesize-${language}`;
  return {
    name: `humanevalexplaindescribe-${language}`,
    description: `HumanEvalPack ${language} explain, step 1: describe the code (generation only)`,
    language: RUNTIME[language],
    dataset: synthesize.dataset,
    defaultTimeoutMs: synthesize.defaultTimeoutMs,
    stopSequences: PACK_STOPS[language],
    generationOnly: `writes descriptions, not programs; score them with: passk run --task ${next} --descriptions RUN_DIR`,
    problems(rows, file) {
      return validateRows({ rows, file }, explainRowSchema).map(
        (row): Problem<DescribeData> => ({
          id: row.task_id,
          language: RUNTIME[language],
          prompt: describePrompt(row, language),
          datasetPrompt: row.prompt,
          tests: '',
          entryPoint: row.entry_point,
          reference: row.docstring,
          meta: { row },
        }),
      );
    },
    fromCompletion: completionIsAnswer,
    postprocess: (problem, generation) =>
      describeCut(problem.meta.row, language, afterPrompt(problem, generation)),
    program() {
      throw new ConfigError(`humanevalexplaindescribe-${language} has no programs to run`, {
        hint: `score its descriptions with: passk run --task ${next} --descriptions RUN_DIR`,
      });
    },
  };
}

/**
 * `humanevalexplainsynthesize-LANG`: write the function from a description made by step 1. One
 * problem per (problem, description), as bigcode flattens them; ids get `#i` (the description's
 * sample number) when some problem has more than one description. Post-processing and programs
 * are synthesize's: the prompt with docs + the generation cut by remove_last_block (bigcode's
 * HumanEvalPackGenerative), though the model continued the bare declaration.
 */
export function humanEvalExplainSynthesize(language: PackLanguage): Task<ExplainSynthesizeData> {
  const synthesize = humanEvalPack(language, 'synthesize');
  const describe = humanEvalExplainDescribe(language);
  return {
    ...synthesize,
    name: `humanevalexplainsynthesize-${language}`,
    description: `HumanEvalPack ${language} explain, step 2: write the code from a description (--descriptions)`,
    input: {
      what: 'descriptions',
      from: describe,
      apply(problems, texts) {
        const many = [...texts.values()].some((list) => list.length > 1);
        return problems.flatMap((problem) =>
          (texts.get(problem.id) ?? []).map(
            (description, i): Problem<ExplainSynthesizeData> => ({
              ...problem,
              id: many ? `${problem.id}#${i}` : problem.id,
              prompt: explainSynthesizePrompt(problem.meta.row, language, description),
              meta: { ...problem.meta, description, descriptionSample: i },
            }),
          ),
        );
      },
    },
  };
}
