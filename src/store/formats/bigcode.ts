import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import type { GenerationRecord } from '../records.js';
import { writeFileDurably } from './durable-write.js';
import { programsByProblem } from './group-records.js';
import {
  assembleGenerations,
  type BenchmarkPositions,
  type ImportedGenerations,
  type ReadGenerationsOptions,
} from './imported.js';
import { describeType, plural } from './messages.js';
import { parseGenerationsJson, readGenerationsText } from './read-file.js';

/**
 * Reads a bigcode-evaluation-harness generations.json: a JSON list with one entry per problem,
 * in the task's problem order, each a list of full candidate programs (prompt + completion).
 * Entries are matched to problems by position: entry i belongs to problems[i] when the file has
 * one entry per selected problem. Given `options.positions`, a file that holds every problem of
 * the benchmark is cut to the selected window (bigcode's `--limit` on a complete file), one with
 * an entry per problem of the window is matched to the window, and, under --limit from the first
 * problem, a longer (but not complete) file is cut to its first entries as bigcode does
 * (`generations[:n_tasks]`), with a note.
 * An empty entry is a problem without samples (an error unless `allowMissing`). Every sample is
 * used; `bigcodeSampleCut` says when bigcode would have kept fewer. A gzipped file is decompressed.
 *
 * @throws GenerationsError when the file is unreadable, not JSON, not a list of lists of
 *   strings (naming the first bad [i] or [i][j]), or its length fits no rule above
 */
export async function readBigcodeGenerations(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const lists = parseGenerationLists(file, await readGenerationsText(file));
  const { byId, notes } = alignLists(file, lists, problems, options.positions);
  const read = assembleGenerations(file, 'bigcode', problems, byId, options);
  const most = Math.max(0, ...read.sampleCounts.map((count) => count.n));
  return {
    ...read,
    notes,
    ...(most > 1
      ? {
          bigcodeSampleCut: `bigcode-evaluation-harness would score only the first --n_samples (default 1) of each problem's samples; passk scores all of them (up to ${most}): give --n-samples N to score the first N, as bigcode with --n_samples N`,
        }
      : {}),
  };
}

/** Which list belongs to which problem, by position (see readBigcodeGenerations). */
function alignLists(
  file: string,
  lists: string[][],
  problems: readonly Problem[],
  positions: BenchmarkPositions | undefined,
): { byId: Map<string, string[]>; notes: string[] } {
  const pair = (window: readonly Problem[], offset: number) =>
    new Map(window.map((problem, i) => [problem.id, lists[offset + i] ?? []]));
  if (lists.length === problems.length) return { byId: pair(problems, 0), notes: [] };
  if (positions !== undefined) {
    const { start, total, window } = positions;
    if (lists.length === window.length) return { byId: pair(window, 0), notes: [] };
    if (lists.length === total) {
      const note = `${file} holds all ${total} problems; evaluating the ${plural(window.length, 'problem')} from position ${start} selected by --limit/--limit-start`;
      return { byId: pair(window, start), notes: [note] };
    }
    // Only under --limit, and never past the benchmark's size: a file for another task must
    // still be refused, not silently cut.
    if (start === 0 && window.length < lists.length && lists.length < total) {
      const note = `${file} holds ${lists.length} problems; evaluating its first ${window.length} (--limit), as bigcode-evaluation-harness does`;
      return { byId: pair(window, 0), notes: [note] };
    }
  }
  throw new GenerationsError(
    `${file} has ${plural(lists.length, 'problem')} but ${plural(problems.length, 'problem is', 'problems are')} selected`,
    {
      hint: 'bigcode files hold one list per problem, in task order from --limit_start; select the same problems with --limit-start and --limit (and check --task)',
    },
  );
}

/** Parses and shape-checks the whole file: a list of lists of strings. */
function parseGenerationLists(file: string, text: string): string[][] {
  const value = parseGenerationsJson(
    file,
    text,
    'a bigcode generations.json is one JSON list of lists of strings',
  );
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
