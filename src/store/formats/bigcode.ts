import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import type { GenerationRecord } from '../records.js';
import { writeFileDurably } from './durable-write.js';
import { programsByProblem } from './group-records.js';
import {
  assembleGenerations,
  type ImportedGenerations,
  type ReadGenerationsOptions,
} from './imported.js';
import { describeType, plural } from './messages.js';
import { readGenerationsText } from './read-file.js';

/**
 * Reads a bigcode-evaluation-harness generations.json: a JSON list with one entry per problem,
 * in the task's problem order, each a list of full candidate programs (prompt + completion).
 * Entry i belongs to problems[i], so the file must have exactly one entry per selected problem;
 * an empty entry is a problem without samples (an error unless `allowMissing`). A gzipped file
 * is decompressed first.
 *
 * @throws GenerationsError when the file is unreadable, not JSON, not a list of lists of
 *   strings (naming the first bad [i] or [i][j]), or its length differs from `problems`
 */
export async function readBigcodeGenerations(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const lists = parseGenerationLists(file, await readGenerationsText(file));
  if (lists.length !== problems.length) {
    throw new GenerationsError(
      `${file} has ${plural(lists.length, 'problem')} but ${plural(problems.length, 'problem is', 'problems are')} selected`,
      {
        hint: 'bigcode files hold one list per problem, in task order from --limit_start; select the same problems with --limit-start and --limit (and check --task)',
      },
    );
  }
  const programsById = new Map(problems.map((problem, i) => [problem.id, lists[i] ?? []]));
  return assembleGenerations(file, 'bigcode', problems, programsById, options);
}

/** Parses and shape-checks the whole file: a list of lists of strings. */
function parseGenerationLists(file: string, text: string): string[][] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GenerationsError(`${file}: not valid JSON (${(error as Error).message})`, {
      hint: 'a bigcode generations.json is one JSON list of lists of strings',
      cause: error,
    });
  }
  const hint = 'a bigcode generations.json is [[program, …], …]: one list of strings per problem';
  if (!Array.isArray(value)) {
    throw new GenerationsError(`${file}: expected a JSON list, got ${describeType(value)}`, {
      hint,
    });
  }
  value.forEach((entry: unknown, i) => {
    if (!Array.isArray(entry)) {
      throw new GenerationsError(
        `${file}: [${i}] must be a list of programs, got ${describeType(entry)}`,
        { hint },
      );
    }
    entry.forEach((program: unknown, j) => {
      if (typeof program !== 'string') {
        throw new GenerationsError(
          `${file}: [${i}][${j}] must be a string, got ${describeType(program)}`,
          { hint },
        );
      }
    });
  });
  return value as string[][];
}

/**
 * Writes records as a bigcode generations.json: one list per problem in `problems` order (an
 * empty list for a problem without records), programs in sample order. Replaces the file whole.
 *
 * @throws Error when a record names a problem not in `problems` (it would be silently dropped)
 */
export async function writeBigcodeGenerations(
  file: string,
  problems: readonly Problem[],
  records: readonly GenerationRecord[],
): Promise<void> {
  const programs = programsByProblem(records);
  const known = new Set(problems.map((problem) => problem.id));
  const stray = [...programs.keys()].filter((id) => !known.has(id));
  if (stray.length > 0) {
    throw new Error(`writeBigcodeGenerations: records for problems not given: ${stray.join(', ')}`);
  }
  const lists = problems.map((problem) => programs.get(problem.id) ?? []);
  await writeFileDurably(file, JSON.stringify(lists));
}
