import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import type { GenerationRecord } from '../records.js';
import { listIds, plural } from './messages.js';

/**
 * bigcode generations.json, human-eval/EvalPlus samples.jsonl, ClassEval's output file (its
 * dataset rows with `predict`), EvalPlus's folder of .py files, MultiPL-E's folder of completions
 * files, a CRUXEval-X result file.
 */
export type GenerationsFormat =
  | 'bigcode'
  | 'samples'
  | 'evalplus-dir'
  | 'multipl-e-dir'
  | 'classeval'
  | 'cruxeval-x';

export interface ReadGenerationsOptions {
  /**
   * Score only the problems the file has samples for, instead of failing when a selected
   * problem has none. The ids left out are returned in `missing`.
   */
  allowMissing?: boolean;
  /**
   * Where the selected problems sit in the benchmark, for files that match problems by position
   * (bigcode): a file holding every problem is then cut to the --limit/--limit-start window.
   */
  positions?: BenchmarkPositions;
  /**
   * How a samples.jsonl "completion" row (or a ClassEval `predict` string) becomes a candidate:
   * the task's `fromCompletion`.
   * Absent: datasetPrompt + completion (human-eval).
   */
  fromCompletion?: CompletionReader;
  /**
   * How a chat reply (McEval's `raw_generation`) becomes a candidate: the code the task extracts
   * from a chat model's reply (pipeline/reply-program.ts). Absent: such rows are refused.
   */
  fromReply?: CompletionReader;
  /**
   * Only the first n samples of each problem are wanted (`--n-samples`): a samples.jsonl's later
   * lines of a problem are then not parsed (their task_id is read, not the rest: a broken line
   * past the first n goes unnoticed). The records returned hold at most n samples per problem.
   */
  samplesPerProblem?: number;
}

/** A task's reading of a "completion" row (Task.fromCompletion), or of a reply row. */
export type CompletionReader = (problem: Problem, completion: string) => string;

/** human-eval's reading: the program is the dataset prompt followed by the completion. */
export const promptPlusCompletion: CompletionReader = (problem, completion) =>
  problem.datasetPrompt + completion;

/** The selection window in benchmark order: problems [start, start + window.length) of total. */
export interface BenchmarkPositions {
  start: number;
  total: number;
  /** The problems of the window, before any are left out (e.g. as contaminated). */
  window: readonly Problem[];
}

/** What a generations file held, matched against the selected problems. */
export interface ImportedGenerations {
  format: GenerationsFormat;
  /** In problem order, then sample order (sample = order of appearance within the problem). */
  records: GenerationRecord[];
  /** Samples per problem that has any, in problem order. */
  sampleCounts: { problemId: string; n: number }[];
  /** True when problems have different sample counts: allowed, but worth a warning. */
  unequalCounts: boolean;
  /** Selected problems with no samples, left out (non-empty only with `allowMissing`). */
  missing: string[];
  /** What the reader did that the user should know (e.g. used part of a file); shown as warnings. */
  notes?: string[];
  /**
   * bigcode files with more than one sample per problem: bigcode-evaluation-harness would have
   * kept only its --n_samples (default 1) of them; passk scores all unless --n-samples is given.
   */
  bigcodeSampleCut?: string;
}

/**
 * Turns per-problem programs into records, enforcing the missing-problem policy: a selected
 * problem without samples is an error unless `allowMissing`, and a file that covers no selected
 * problem at all is always an error (there would be nothing to score).
 */
export function assembleGenerations(
  file: string,
  format: GenerationsFormat,
  problems: readonly Problem[],
  programsById: ReadonlyMap<string, readonly string[]>,
  options: ReadGenerationsOptions,
): ImportedGenerations {
  const hasSamples = (problem: Problem) => (programsById.get(problem.id)?.length ?? 0) > 0;
  const present = problems.filter(hasSamples);
  const missing = problems.filter((problem) => !hasSamples(problem)).map((p) => p.id);
  if (present.length === 0) {
    throw new GenerationsError(
      `${file} has no samples for any of the ${plural(problems.length, 'selected problem')}`,
      {
        hint: 'check that the file is not empty and was generated for this --task',
      },
    );
  }
  if (missing.length > 0 && options.allowMissing !== true) {
    throw new GenerationsError(
      `${file} has no samples for ${plural(missing.length, 'selected problem')}: ${listIds(missing)}`,
      {
        hint: 'generate samples for them, evaluate a subset with --limit/--limit-start, or pass --allow-missing (library: allowMissing: true) to score only the problems present',
      },
    );
  }
  const records: GenerationRecord[] = [];
  const sampleCounts: { problemId: string; n: number }[] = [];
  for (const problem of present) {
    const programs = programsById.get(problem.id) ?? [];
    programs.forEach((program, sample) => {
      records.push({ problemId: problem.id, sample, program });
    });
    sampleCounts.push({ problemId: problem.id, n: programs.length });
  }
  const unequalCounts = new Set(sampleCounts.map((count) => count.n)).size > 1;
  return { format, records, sampleCounts, unequalCounts, missing };
}
