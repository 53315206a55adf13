import { ConfigError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import { defineTask, type Problem, type Task } from '../types.js';
import {
  describeCut,
  describePrompt,
  type ExplainRow,
  explainSynthesizePrompt,
} from './explain.js';
import { PACK_STOPS, type PackLanguage } from './prompt.js';
import { humanEvalPack, RUNTIME, rowSchema } from './task.js';

const explainRowSchema = rowSchema.required({ docstring: true });

/** The text after the prompt, whether or not the backend echoed the prompt. */
const afterPrompt = (problem: Problem, generation: string) =>
  generation.startsWith(problem.prompt) ? generation.slice(problem.prompt.length) : generation;

/**
 * `humanevalexplaindescribe-LANG`: describe the canonical solution. Its samples are descriptions,
 * not programs: `run` saves them, and `humanevalexplainsynthesize-LANG --descriptions RUN_DIR`
 * scores them. The reference description is the problem's own docstring.
 */
export function humanEvalExplainDescribe(language: PackLanguage): Task {
  const synthesize = humanEvalPack(language, 'synthesize');
  const next = `humanevalexplainsynthesize-${language}`;
  return defineTask({
    name: `humanevalexplaindescribe-${language}`,
    description: `HumanEvalPack ${language} explain, step 1: describe the code (generation only)`,
    language: RUNTIME[language],
    dataset: synthesize.dataset,
    defaultTimeoutMs: synthesize.defaultTimeoutMs,
    stopSequences: PACK_STOPS[language],
    generationOnly: `writes descriptions, not programs; score them with: passk run --task ${next} --descriptions RUN_DIR`,
    problems(rows, file) {
      return validateRows({ rows, file }, explainRowSchema).map(
        (row): Problem => ({
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
    postprocess: (problem, generation) =>
      describeCut(problem.meta['row'] as ExplainRow, language, afterPrompt(problem, generation)),
    program() {
      throw new ConfigError(`humanevalexplaindescribe-${language} has no programs to run`, {
        hint: `score its descriptions with: passk run --task ${next} --descriptions RUN_DIR`,
      });
    },
  });
}

/**
 * `humanevalexplainsynthesize-LANG`: write the function from a description made by step 1. One
 * problem per (problem, description), as bigcode flattens them; ids get `#i` (the description's
 * sample number) when some problem has more than one description. Post-processing and programs
 * are synthesize's: the prompt with docs + the generation cut by remove_last_block (bigcode's
 * HumanEvalPackGenerative), though the model continued the bare declaration.
 */
export function humanEvalExplainSynthesize(language: PackLanguage): Task {
  const synthesize = humanEvalPack(language, 'synthesize');
  const describe = humanEvalExplainDescribe(language);
  return defineTask({
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
            (description, i): Problem => ({
              ...problem,
              id: many ? `${problem.id}#${i}` : problem.id,
              prompt: explainSynthesizePrompt(
                problem.meta['row'] as ExplainRow,
                language,
                description,
              ),
              meta: { ...problem.meta, description, descriptionSample: i },
            }),
          ),
        );
      },
    },
  });
}
