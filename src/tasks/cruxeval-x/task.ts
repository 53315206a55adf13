import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import { hardenTests } from '../multilang/harden-tests.js';
import { adaptTests } from '../multilang/multipl-e-tests.js';
import { multiplERules } from '../multipl-e/reference.js';
import type { Problem, Task } from '../types.js';
import {
  type CruxevalXFile,
  evaluatorOf,
  FAILING_REFERENCES,
  RUNNABLE,
  SHA256,
} from './languages.js';
import {
  chatAnswer,
  chatConversation,
  completionAnswer,
  completionPrompt,
  type Example,
  LAYOUT_DIFFERS,
  type Shot,
  shotOf,
} from './prompts.js';
import { filled, type Mode, type Question, questionOf, questionText } from './question.js';

const rowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  code: z.string(),
  input_reasoning: z.string(),
  output_reasoning: z.string(),
});

const exampleSchema = z.array(
  z.object({
    id: z.union([z.number(), z.string()]),
    code: z.string(),
    inputs: z.string(),
    outputs: z.string(),
  }),
);

/** A line of upstream's `examples_preprocessed/<lang>.jsonl`: an example's tests with the hole. */
const preprocessedSchema = z.object({
  id: z.union([z.number(), z.string()]),
  input_reasoning: z.string(),
  output_reasoning: z.string(),
});

type CruxXMeta = { question: Question; shots: readonly Shot[] };

/** Raised when the few-shot examples file is not beside the data file. */
export class CruxevalXExamplesError extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `CRUXEval-X few-shot examples not found at ${path} (${String(cause)}): put upstream's datasets/examples/<lang>.json in an examples/ folder beside the data file (--data-dir lays them out as cruxeval-x/examples/<lang>.json; see SOURCES.md)`,
    );
    this.name = 'CruxevalXExamplesError';
  }
}

function loadExamples(
  dataFile: string,
  lang: CruxevalXFile,
): (Example & { id: number | string })[] {
  const path = join(dirname(dataFile), 'examples', `${lang}.json`);
  try {
    return exampleSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new CruxevalXExamplesError(path, error);
  }
}

/**
 * The examples' tests with the hole from upstream's `examples_preprocessed/<lang>.jsonl` beside
 * the data file, by example id, when the user has that file (passk's shared data does not).
 */
function loadPreprocessed(dataFile: string, lang: CruxevalXFile, mode: Mode) {
  const path = join(dirname(dataFile), 'examples_preprocessed', `${lang}.jsonl`);
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const rows = lines.map((line) => preprocessedSchema.parse(JSON.parse(line)));
  return new Map(rows.map((row) => [String(row.id), row[`${mode}_reasoning`]]));
}

/** A row of upstream's `datasets/cruxeval-x/<lang>.json` (rows without code have only an id). */
const inferenceRowsSchema = z.array(
  z.object({ id: z.union([z.number(), z.string()]), code: z.string().optional() }),
);

/**
 * Each row's code as upstream's inference scripts read it, from `datasets/cruxeval-x/<lang>.json`
 * beside the data file (`cruxeval-x/<lang>.json`), by row id, when the user has that file
 * (passk's shared data does not). It is `cruxeval_preprocessed`'s code, some rows with a newline
 * before it, which upstream's prompt and program then carry.
 */
function loadInferenceCode(dataFile: string, lang: CruxevalXFile) {
  const path = join(dirname(dataFile), `${lang}.json`);
  if (!existsSync(path)) return undefined;
  const rows = inferenceRowsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new Map(
    rows.flatMap((row) => (row.code === undefined ? [] : [[String(row.id), row.code]])),
  );
}

/** How the few-shot examples' questions were made, for metrics.json. */
function shotSource(lang: CruxevalXFile, mode: Mode, preprocessed: boolean): string {
  if (preprocessed) return "upstream's examples_preprocessed";
  return LAYOUT_DIFFERS.includes(`${lang}-${mode}`)
    ? "made from examples/<lang>.json; example 2's test is laid out differently from upstream's examples_preprocessed (not in passk's data), so the prompt differs from upstream's there"
    : "made from examples/<lang>.json, the same text as upstream's examples_preprocessed";
}

/** The answer in a generation, read after an echoed prompt. */
function afterPrompt(problem: { prompt: string }, generation: string): string {
  return completionAnswer(
    generation.startsWith(problem.prompt) ? generation.slice(problem.prompt.length) : generation,
  );
}

/**
 * Upstream reads the program back from its prompt (the text after the last fence opening,
 * `.replace("```", "")`), so a fence inside a row's code (Racket/13, PHP/85 and 12 more, left
 * there by the translating model) is gone before the answer goes in.
 */
const unfenced = (text: string) => text.split('```').join('');

/**
 * The program upstream runs: the question with every token replaced by the answer. The test is
 * adapted as passk runs MultiPL-E's (CRUXEval-X's rows are MultiPL-E translations): it must not
 * end the program itself (Lua's os.exit), and a failed check must stop it (Racket, Java, Shell).
 */
function programText(lang: CruxevalXFile, question: Question, answer: string): string {
  const language = RUNNABLE[lang].language;
  const test = filled(unfenced(question.test), question.token, answer);
  return (
    filled(unfenced(question.functionCode), question.token, answer) +
    hardenTests(language, adaptTests(lang, test))
  );
}

/**
 * Go rows whose code is not Go (Go/6, 38, 112, 167, 175, 182, 288, 599, 687, 712: the translating
 * model's prose, or a test without its package clause): upstream's `go test` stops at the package
 * clause with a message on stderr only, and eval_go.py, which reads stdout for "FAIL", passes the
 * run whatever the answer. passk runs an empty test for them, which passes as upstream's does.
 */
function notGo(lang: CruxevalXFile, question: Question): boolean {
  return (
    lang === 'go' && !/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*package\b/.test(question.functionCode)
  );
}
const GO_PASS = 'package main\n\nimport "testing"\n\nfunc TestF(t *testing.T) {}\n';

/** CRUXEval-X in one language: predict the input (or output) that makes the row's assertion pass. */
export function cruxevalX(lang: CruxevalXFile, mode: Mode): Task<CruxXMeta> {
  const { language } = RUNNABLE[lang];
  const rules = lang === 'py' ? undefined : multiplERules(lang);
  let fewShot = shotSource(lang, mode, false);
  let questionCode = '';
  return {
    name: `cruxeval-x-${language}-${mode}`,
    description: `CRUXEval-X ${lang}: ${mode} prediction with upstream's 3-shot prompt; the answer completes the row's assertion and the program runs`,
    language,
    dataset: {
      hub: {
        host: 'github',
        repo: 'CRUXEVAL-X/cruxeval-x',
        revision: '5c005eb77e88b593ffe8c81b89850dcb59249da4',
        path: `datasets/cruxeval_preprocessed/${lang}.jsonl`,
        sha256: SHA256[lang],
      },
      localFile: `cruxeval-x/${lang}.jsonl`,
    },
    // The run's limit of the MultiPL-E evaluator upstream runs the language's programs with.
    defaultTimeoutMs: evaluatorOf(lang).timeoutS * 1000,
    // Upstream's inference: greedy, 512 new tokens, one stop.
    defaultMaxNewTokens: 512,
    stopSequences: ['[/ANSWER]'],
    problems(rows, file) {
      const examples = loadExamples(file, lang);
      const preprocessed = loadPreprocessed(file, lang, mode);
      fewShot = shotSource(lang, mode, preprocessed !== undefined);
      const inferenceCode = loadInferenceCode(file, lang);
      questionCode =
        inferenceCode === undefined
          ? "cruxeval_preprocessed's code; upstream's inference reads datasets/cruxeval-x/<lang>.json (not beside the data file), whose code has a newline before it in some rows"
          : "upstream's datasets/cruxeval-x/<lang>.json, as its inference scripts";
      const shots = examples.map((example) =>
        shotOf(lang, mode, example, preprocessed?.get(String(example.id))),
      );
      return validateRows({ rows, file }, rowSchema).map((row): Problem<CruxXMeta> => {
        const test = mode === 'input' ? row.input_reasoning : row.output_reasoning;
        const code = inferenceCode?.get(String(row.id)) ?? row.code;
        const question = questionOf(lang, mode, code, test);
        const text = completionPrompt(lang, mode, shots, questionText(question));
        return {
          id: `CRUXEval-X/${lang}/${row.id}`,
          // upstream's result files ({lang}_{mode}.json) name problems by CRUXEval's id alone
          fileIds: [String(row.id)],
          language,
          prompt: text,
          datasetPrompt: text,
          tests: test,
          ...(question.truth === undefined ? {} : { reference: question.truth }),
          meta: {
            question,
            shots,
            ...(question.truth === undefined
              ? { referenceUnavailable: "the row's assertion is not its code's test" }
              : {}),
            ...(FAILING_REFERENCES[lang]?.includes(Number(row.id)) ? { referenceFails: true } : {}),
          },
        };
      });
    },
    get metricsInfo() {
      return { few_shot_questions: fewShot, question_code: questionCode };
    },
    // A generation that repeats its prompt (a full-text generations file) is read after it.
    postprocess: afterPrompt,
    // A completion continues the prompt, whose few-shot answer it completes: read as a reply.
    fromCompletion: afterPrompt,
    chatMessages: (problem) =>
      chatConversation(lang, mode, problem.meta.shots, questionText(problem.meta.question)),
    chatPostprocess: (_problem, reply) => chatAnswer(reply),
    // Scored by the evaluator's own pass rules too (stderr, loose equality: multipl-e/reference.ts).
    program: (problem, answer) => {
      const question = problem.meta.question;
      const source = notGo(lang, question) ? GO_PASS : programText(lang, question, answer);
      const program = { language, source };
      return rules === undefined ? program : { ...program, referenceRules: rules };
    },
  };
}
