import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { hardenTests } from '../multilang/harden-tests.js';
import { adaptTests } from '../multilang/multipl-e-tests.js';
import type { Problem, Task } from '../types.js';
import { type FilledAssertion, fillHole, splitAtHole } from './assertion.js';
import { type CruxevalXFile, RUNNABLE, SHA256 } from './languages.js';
import { type Example, extractAnswer, fewShotPrompt, type Mode } from './prompts.js';

const rowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  code: z.string(),
  input_reasoning: z.string(),
  output_reasoning: z.string(),
});

const exampleSchema = z.array(
  z.object({ code: z.string(), inputs: z.string(), outputs: z.string() }),
);

type CruxXMeta = { split: FilledAssertion };

/** Stops a completion at the end of its answer. */
const STOP = ['[/ANSWER]'];

/**
 * The test as passk runs MultiPL-E's (CRUXEval-X's rows are MultiPL-E translations): it must not
 * end the program itself (Lua's os.exit), and a failed check must stop it (Racket, Java, Shell).
 */
function runnableTest(lang: CruxevalXFile, test: string): string {
  return hardenTests(RUNNABLE[lang].language, adaptTests(lang, test));
}

/** Raised when the few-shot examples file is not beside the data file. */
export class CruxevalXExamplesError extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `CRUXEval-X few-shot examples not found at ${path} (${String(cause)}): put upstream's datasets/examples/<lang>.json in an examples/ folder beside the data file (see SOURCES.md)`,
    );
    this.name = 'CruxevalXExamplesError';
  }
}

function loadExamples(dataFile: string, lang: CruxevalXFile): Example[] {
  const path = join(dirname(dataFile), 'examples', `${lang}.json`);
  try {
    return exampleSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new CruxevalXExamplesError(path, error);
  }
}

/** CRUXEval-X in one language: predict the input (or output) that makes the row's assertion pass. */
export function cruxevalX(lang: CruxevalXFile, mode: Mode): Task<CruxXMeta> {
  const { language, title } = RUNNABLE[lang];
  const sha256 = SHA256[lang];
  return {
    name: `cruxeval-x-${language}-${mode}`,
    description: `CRUXEval-X ${title}: ${mode} prediction, the answer fills the ${mode} of the row's assertion and the program runs`,
    language,
    dataset: {
      // Not pinned to a Hub commit: use --data-dir (cruxeval-x/<lang>.jsonl and its examples/).
      hub: {
        repo: 'xhwl/cruxeval-x',
        revision: 'main',
        path: `cruxeval_preprocessed/${lang}.jsonl`,
        ...(sha256 ? { sha256 } : {}),
      },
      localFile: `cruxeval-x/${lang}.jsonl`,
    },
    defaultTimeoutMs: 10_000,
    stopSequences: STOP,
    problems(rows, file) {
      const examples = loadExamples(file, lang);
      return validateRows({ rows, file }, rowSchema).map((row): Problem<CruxXMeta> => {
        const id = `CRUXEval-X/${lang}/${row.id}`;
        const reasoning = mode === 'input' ? row.input_reasoning : row.output_reasoning;
        const split = splitAtHole(id, row.code, reasoning);
        const text = fewShotPrompt(title, mode, examples, split.functionCode + reasoning);
        return {
          id,
          language,
          prompt: text,
          datasetPrompt: text,
          tests: reasoning,
          ...(split.truth === undefined ? {} : { reference: split.truth }),
          meta: {
            split,
            ...(split.truth === undefined
              ? { referenceUnavailable: "the row's assertion differs from its code's test" }
              : {}),
          },
        };
      });
    },
    postprocess: (problem, generation) =>
      extractAnswer(
        generation.startsWith(problem.prompt)
          ? generation.slice(problem.prompt.length)
          : generation,
      ),
    instructionPrompt: (problem) => problem.prompt,
    chatPostprocess: (_problem, reply) => extractAnswer(reply),
    // The row's own program with the answer in the hole, as the row's language runs it.
    // The row's own program (function, then its test) with the answer in the hole, as the
    // row's language runs it.
    program: (problem, answer) => ({
      language,
      source:
        problem.meta.split.functionCode + runnableTest(lang, fillHole(problem.meta.split, answer)),
    }),
  };
}
