import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GenerationsError } from '../../core/errors.js';
import { isGzip } from '../../datasets/jsonl.js';
import type { Problem } from '../../tasks/types.js';
import {
  assembleGenerations,
  type ImportedGenerations,
  type ReadGenerationsOptions,
} from './imported.js';
import { describeType, listIds, plural } from './messages.js';

/** A completions file: `<name>.json` or `.json.gz`; MultiPL-E's `*.results.json(.gz)` are not. */
const COMPLETIONS_FILE = /^(?!.*\.results\.json(\.gz)?$).+\.json(\.gz)?$/;

const HINT =
  'a MultiPL-E completions folder holds one <name>.json(.gz) per problem: {"name", "prompt", "completions": [string, …], …}';

/** True when `dir` is a folder holding MultiPL-E completions files (and no sub-folders of them). */
export async function isMultiplECompletionsDir(dir: string): Promise<boolean> {
  const files = await completionFiles(dir);
  if (files.length === 0) return false;
  const first = await readProblemFile(join(dir, files[0]!)).catch(() => undefined);
  return first !== undefined && 'completions' in first;
}

/**
 * Reads MultiPL-E's own completions folder (what its `automodel.py` writes, one file per
 * problem): the program is the file's `prompt` + each completion, exactly as MultiPL-E's
 * evaluator builds it before appending `"\n" + tests` (evaluation/src/main.py,
 * `cached_eval_script`). Completions are taken as they are (MultiPL-E cut them at the stop
 * tokens when it generated them). Problems are matched by `name` (passk's MultiPL-E ids).
 *
 * @throws GenerationsError for a file that is not such an object, a name that is not selected,
 *   or a selected problem without completions (unless `allowMissing`)
 */
export async function readMultiplECompletionsDir(
  dir: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const byId = new Map(problems.map((problem) => [problem.id, problem]));
  const programsById = new Map<string, string[]>();
  const unknown: string[] = [];
  const otherData: string[] = [];
  for (const file of await completionFiles(dir)) {
    const value = await readProblemFile(join(dir, file));
    const { name, prompt, completions } = checkShape(file, value);
    const problem = byId.get(name);
    if (problem === undefined) {
      unknown.push(name);
      continue;
    }
    if (!sameData(problem, prompt, value['tests'])) otherData.push(name);
    const programs = programsById.get(name) ?? [];
    programs.push(...completions.map((completion) => prompt + completion));
    programsById.set(name, programs);
  }
  if (unknown.length > 0) {
    throw new GenerationsError(
      `${dir}: ${plural(unknown.length, 'file names a problem', 'files name problems')} not among the ${plural(byId.size, 'selected problem')}: ${listIds(unknown.sort())}`,
      { hint: 'check --task (the language) and --limit/--limit-start' },
    );
  }
  const read = assembleGenerations(dir, 'multipl-e-dir', problems, programsById, options);
  if (otherData.length === 0) return read;
  const note = `${dir}: ${plural(otherData.length, 'file has', 'files have')} a prompt or tests other than this task's data (${listIds(otherData.sort())}): programs use the file's prompt, as MultiPL-E does, and passk's tests (another MultiPL-E revision?)`;
  return { ...read, notes: [note] };
}

/** Does the file hold the prompt and tests of the task's own data (the dataset row's)? */
function sameData(problem: Problem, prompt: string, tests: unknown): boolean {
  const datasetTests = problem.meta['bigcodeReference'];
  const testsMatch = tests === undefined || datasetTests === undefined || tests === datasetTests;
  return prompt === problem.datasetPrompt && testsMatch;
}

async function completionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && COMPLETIONS_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

async function readProblemFile(path: string): Promise<Record<string, unknown>> {
  const bytes = await readFile(path);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(isGzip(bytes) ? gunzipSync(bytes) : bytes));
  } catch (error) {
    throw new GenerationsError(`${path}: not valid JSON (${(error as Error).message})`, {
      hint: HINT,
      cause: error,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GenerationsError(`${path}: expected a JSON object, got ${describeType(value)}`, {
      hint: HINT,
    });
  }
  return value as Record<string, unknown>;
}

function checkShape(file: string, value: Record<string, unknown>) {
  const { name, prompt, completions } = value;
  const bad = (field: string, got: unknown, want: string) =>
    new GenerationsError(`${file}: field "${field}" must be ${want}, got ${describeType(got)}`, {
      hint: HINT,
    });
  if (typeof name !== 'string') throw bad('name', name, 'a string');
  if (typeof prompt !== 'string') throw bad('prompt', prompt, 'a string');
  if (!Array.isArray(completions)) throw bad('completions', completions, 'a list of strings');
  const nonString = completions.find((completion) => typeof completion !== 'string');
  if (nonString !== undefined) throw bad('completions', nonString, 'a list of strings');
  return { name, prompt, completions: completions as string[] };
}
