import { z } from 'zod';
import { readHarnessTemplate } from '../../core/harness-files.js';
import { validateRows } from '../../datasets/validate.js';
import type { Program } from '../../execution/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import type { Problem, Task } from '../types.js';
import { answerExpression } from './answer-expression.js';
import {
  cotInputPrompt,
  cotOutputPrompt,
  directInputPrompt,
  directOutputPrompt,
} from './prompts.js';

const rowSchema = z.object({
  id: z.string(),
  code: z.string(),
  input: z.string(),
  output: z.string(),
});

export type CruxMode = 'input' | 'output';

/** Upstream's generator stops at the closing answer tag (inference/tasks/*_prediction.py). */
const STOP = ['[/ANSWER]'] as const;

/**
 * The answer in a generation, as upstream's postprocess_generation extracts it
 * (follows facebookresearch/cruxeval inference/tasks/input_prediction.py and
 * output_prediction.py): with CoT, the text after the first [ANSWER]; then for outputs the part
 * between the first and second '==', for inputs the part before the first '==' and after the
 * first 'assert'. Input answers keep the call, e.g. `f(1, 2)`.
 */
export function extractAnswer(generation: string, mode: CruxMode, cot: boolean): string {
  let text = generation;
  if (cot && text.includes('[ANSWER]')) text = text.split('[ANSWER]')[1]!.trim();
  if (mode === 'output') {
    if (text.includes('==')) text = text.split('==')[1]!.trim();
    return text.trim();
  }
  if (text.includes('==')) text = text.split('==')[0]!.trim();
  if (text.includes('assert')) text = text.split('assert')[1]!.trim();
  return text.trim();
}

/**
 * The checked program, as upstream's evaluate_score builds it (follows
 * facebookresearch/cruxeval evaluation/utils_general.py): `{code}\nassert {output} == {answer}`.
 * Upstream scores an input answer that never calls `f`, or an output answer that contains the
 * call `f(INPUT)` itself, as wrong without running it; here such an answer runs a program that
 * fails with that reason, so the verdict says why.
 */
export function cruxProgram(problem: Problem<CruxMeta>, answer: string): Program {
  const { code, input, output, mode } = problem.meta;
  const refused =
    mode === 'input' && !answer.includes('f(')
      ? 'the answer does not call f'
      : mode === 'output' && answer.includes(`f(${input})`)
        ? 'the answer calls f on the input instead of stating the output'
        : undefined;
  if (refused !== undefined) {
    const source = refusedHarness({ REASON: JSON.stringify(refused) });
    return { language: 'python', source };
  }
  // CRUXEval's evaluation runs the check as human-eval does (utils_execute.py: its reliability_guard).
  const source = check(code, output, answer);
  // Outside judging: the answer is evaluated in the candidate's process (beside f, as upstream's
  // program has it) and only its value crosses; the assertion runs in the judge, with its own f.
  // An answer's object cannot answer the comparison (an always-equal object equals nothing), and
  // precedence tricks (`x or True`) are values of their own: see docs/tasks.md.
  const candidate = answerHarness({
    CODE: `${code}\n`,
    EXPRESSION: `${answerExpression(answer)}\n`,
  });
  return {
    language: 'python',
    source,
    semantics: 'human-eval',
    functionServer: {
      candidate,
      tests: check(code, output, ANSWER_NAME),
      entryPoints: [],
    },
  };
}

/** The candidate's global holding its answer's value (answer.py binds it, check.py reads it). */
const ANSWER_NAME = 'passk_answer';

/** The harness files; their placeholders are documented in each. */
const checkHarness = readHarnessTemplate(import.meta.url, 'check.py');
const answerHarness = readHarnessTemplate(import.meta.url, 'answer.py');
const refusedHarness = readHarnessTemplate(import.meta.url, 'refused.py');

/** Upstream's check (check.py): `{code}\nassert {output} == {answer}\n`. */
function check(code: string, output: string, answer: string): string {
  return checkHarness({ CODE: `${code}\n`, OUTPUT: output, ANSWER: answer });
}

/** A CRUXEval problem's data: the function, its given input and output, what is predicted. */
export type CruxMeta = {
  code: string;
  input: string;
  output: string;
  mode: CruxMode;
};

/**
 * CRUXEval (Gu et al., 2024): 800 short Python functions with one input/output pair each.
 * CRUXEval-I predicts an input for the given output, CRUXEval-O the output for the given input;
 * both are judged by executing the function. The candidate is the extracted answer (an input
 * call `f(…)` or an output literal), not a whole program.
 */
export function cruxEval(mode: CruxMode, cot: boolean): Task<CruxMeta> {
  const name = `cruxeval-${mode === 'input' ? 'i' : 'o'}${cot ? '-cot' : ''}`;
  const prompt = (row: z.infer<typeof rowSchema>) =>
    mode === 'input'
      ? (cot ? cotInputPrompt : directInputPrompt)(row.code, row.output)
      : (cot ? cotOutputPrompt : directOutputPrompt)(row.code, row.input);
  const extract = (problem: Problem<CruxMeta>, generation: string) => {
    // A server that echoes the prompt: drop it, as upstream asserts and strips it.
    const generated = generation.startsWith(problem.prompt)
      ? generation.slice(problem.prompt.length)
      : generation;
    return extractAnswer(cutAtStop(generated, STOP), mode, cot);
  };
  return {
    name,
    description: `CRUXEval-${mode === 'input' ? 'I' : 'O'} (${mode} prediction), upstream ${cot ? 'chain-of-thought' : 'direct'} prompt`,
    language: 'python',
    dataset: {
      // Not pinned to a Hub commit yet: use --data-dir (cruxeval/cruxeval.jsonl).
      hub: { repo: 'cruxeval-org/cruxeval', revision: 'main', path: 'data/cruxeval.jsonl' },
      localFile: 'cruxeval/cruxeval.jsonl',
    },
    // Upstream's check_correctness limit.
    defaultTimeoutMs: 3000,
    stopSequences: STOP,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map((row): Problem<CruxMeta> => {
        const text = prompt(row);
        const meta: CruxMeta = { code: row.code, input: row.input, output: row.output, mode };
        return {
          id: row.id,
          language: 'python',
          prompt: text,
          datasetPrompt: text,
          tests: '',
          // The given answer: in input mode it runs f on the given input, so the data is checked.
          reference: mode === 'input' ? `f(${row.input})` : row.output,
          meta: { ...meta },
        };
      });
    },
    postprocess: extract,
    // Upstream's generations files hold answers (no prompt): a completion is read as a reply.
    fromCompletion: extract,
    program: cruxProgram,
    // Its programs run as human-eval's (check.py needs a problem's code: no probe can build one).
    referenceSemantics: 'human-eval',
    // The prompt is already an instruction; chat replies are read the same way (the answer in
    // [ANSWER] tags when present).
    instructionPrompt: (problem) => problem.prompt,
    chatPostprocess: (_problem, reply) => {
      const tagged = reply.includes('[ANSWER]') ? reply.split('[ANSWER]')[1]! : reply;
      return extractAnswer(cutAtStop(tagged, STOP), mode, false);
    },
  };
}
