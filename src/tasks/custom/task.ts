import { basename, resolve } from 'node:path';
import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';
import { closest } from '../../core/registry.js';
import { loadDataset } from '../../datasets/index.js';
import { validateRows } from '../../datasets/validate.js';
import { runtimes } from '../../execution/languages/index.js';
import { extractProgram } from '../../postprocess/extract.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { pythonReplyProgram } from '../instruct/reply-program.js';
import { PYTHON_TESTS_MARKER } from '../kit/python-program.js';
import { isStdioRow, stdioProblems } from '../stdio/format.js';
import { stdioTask } from '../stdio/task.js';
import type { Problem, Task } from '../types.js';

/**
 * One line of a custom benchmark file (JSONL, JSONL.gz or a JSON array). The program run is
 * `candidate + "\n" + tests`, where the candidate is `prompt + completion` (cut at the row's
 * stop sequences) for completion models, and the code extracted from the reply for chat models.
 */
export const customRowSchema = z.object({
  /** Unique id, e.g. "my-bench/0"; numbers are accepted and kept as their decimal text. */
  task_id: z
    .union([z.string().min(1), z.number().int()], {
      error: (issue) =>
        `expected a non-empty text or a whole number, got ${JSON.stringify(issue.input) ?? 'nothing'}`,
    })
    .transform(String),
  /** The text sent to the model: for a completion model, the start of the program. */
  prompt: z.string(),
  /** Test code appended after the candidate; it must fail (non-zero exit) on a wrong candidate. */
  tests: z.string().min(1),
  /** The function the tests call; lets chat extraction pick the right block. */
  entry_point: z.string().min(1).optional(),
  /** Language of prompt, candidate and tests; one language per file. */
  language: z.string().min(1).default('python'),
  /** Where a completion is cut (searched in the generated text only). Default: none. */
  stop_sequences: z.array(z.string()).optional(),
  /** Text that continues `prompt` into a correct program; enables `--model reference`. */
  canonical_solution: z.string().optional(),
});

export type CustomRow = z.output<typeof customRowSchema>;

const FILE_EXTENSIONS = /\.(jsonl|jsonl\.gz|json|ndjson)$/i;

/** Is `spec` a path to a custom benchmark data file (rather than a task name or module)? */
export function isCustomDataFile(spec: string): boolean {
  return FILE_EXTENSIONS.test(spec);
}

/** Problems from validated custom rows; throws a DatasetError naming the file and row on a clash. */
/** A custom problem's data: the row's own stop sequences (none: []). */
export type CustomData = { stopSequences: string[] };
export type CustomProblem = Problem<CustomData>;

export function customProblems(
  rows: readonly Record<string, unknown>[],
  file: string,
): CustomProblem[] {
  const parsed = validateRows({ rows, file }, customRowSchema);
  const seen = new Map<string, number>();
  const language = parsed[0]?.language;
  return parsed.map((row, index): CustomProblem => {
    const where = `${basename(file)} row ${index + 1}`;
    const earlier = seen.get(row.task_id);
    if (earlier !== undefined) {
      throw new DatasetError(`${where}: field 'task_id': '${row.task_id}' is also row ${earlier}`, {
        hint: 'every row needs its own task_id',
      });
    }
    seen.set(row.task_id, index + 1);
    if (index === 0 && !runtimes.has(row.language)) throw unknownLanguage(where, row.language);
    if (row.language !== language) {
      throw new DatasetError(
        `${where}: field 'language': '${row.language}', but row 1 is '${language}'`,
        { hint: 'one language per file: split the benchmark into one file per language' },
      );
    }
    return {
      id: row.task_id,
      language: row.language,
      prompt: row.prompt,
      datasetPrompt: row.prompt,
      tests: row.tests,
      ...(row.entry_point === undefined ? {} : { entryPoint: row.entry_point }),
      ...(row.canonical_solution === undefined
        ? {}
        : { reference: row.prompt + row.canonical_solution }),
      meta: { stopSequences: row.stop_sequences ?? [] },
    };
  });
}

/** The row and file, not only the runtime registry's "unknown runtime 'cobol'". */
function unknownLanguage(where: string, language: string): DatasetError {
  const nearest = closest(language, runtimes.names());
  return new DatasetError(
    `${where}: field 'language': passk cannot run '${language}'${nearest ? `; did you mean '${nearest}'?` : ''}`,
    { hint: `languages passk runs: ${runtimes.names().join(', ')}` },
  );
}

const stopsOf = (problem: CustomProblem) => problem.meta.stopSequences;

/** The stop sequences every problem shares: safe to send, since none cuts a problem early. */
function commonStops(problems: readonly CustomProblem[]): string[] {
  const [first, ...rest] = problems;
  if (first === undefined) return [];
  return stopsOf(first).filter((stop) => rest.every((p) => stopsOf(p).includes(stop)));
}

/**
 * The task for a user's benchmark file. The file is read once here, to learn its language and
 * stop sequences and to report a bad row before any model is called; the pipeline reads it
 * again through loadDataset (its `localFile` is absolute), which records its sha256.
 *
 * @throws DatasetError naming the file, the row and the field of the first row that does not fit
 */
export async function loadCustomJsonlTask(path: string): Promise<Task> {
  const file = resolve(path);
  const loaded = await loadDataset(
    { hub: { repo: 'local', revision: 'none', path: file }, localFile: file },
    { datasetPath: file },
  );
  // A stdin/stdout benchmark (statement + tests of input/output) has its own format and judge.
  if (isStdioRow(loaded.rows[0]))
    return stdioTask(path, file, stdioProblems(loaded.rows, file)[0]?.language);
  return customTask(path, loaded.file, loaded.sha256, customProblems(loaded.rows, loaded.file));
}

/**
 * The task over custom problems (a benchmark file's, or a `/judge` request's own problems):
 * `name` and `file` name it in metrics.json.
 */
export function customTask(
  name: string,
  file: string,
  sha256: string,
  problems: readonly CustomProblem[],
): Task<CustomData> {
  const language = problems[0]?.language ?? 'python';
  const task: Task<CustomData> = {
    name,
    description: `custom benchmark ${basename(file)} (${problems.length} problems)`,
    language,
    // Not on the Hub: the placeholder only names the file in metrics.json.
    dataset: {
      hub: { repo: 'local', revision: sha256.slice(0, 12), path: file },
      localFile: file,
    },
    defaultTimeoutMs: 10_000,
    stopSequences: commonStops(problems),
    problems: customProblems,
    postprocess(problem, generation) {
      // An echoed prompt is removed first, so stops are searched in the generated text only.
      const generated = generation.startsWith(problem.prompt)
        ? generation.slice(problem.prompt.length)
        : generation;
      return problem.prompt + cutAtStop(generated, stopsOf(problem));
    },
    chatPostprocess(problem, reply) {
      if (problem.language === 'python') return pythonReplyProgram(problem, reply);
      return extractProgram(reply, {
        language: problem.language,
        prompt: problem.prompt,
        ...(problem.entryPoint === undefined ? {} : { entryPoint: problem.entryPoint }),
      });
    },
    program: (problem, candidate) => ({
      language: problem.language,
      // Python: the runner restores the interpreter between candidate and tests (runner.py).
      source: `${candidate}${problem.language === 'python' ? PYTHON_TESTS_MARKER : '\n'}${problem.tests}`,
    }),
  };
  return task;
}
