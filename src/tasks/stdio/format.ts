import { basename } from 'node:path';
import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import {
  isStdioLanguage,
  OUTPUT_COMPARISONS,
  type OutputComparison,
  type StdioCase,
} from '../../execution/stdio/index.js';
import type { Problem } from '../types.js';
import type { CheckerSource, CheckerTests } from './checker.js';

/**
 * One line of a stdin/stdout benchmark file (JSONL): a problem statement and its tests. The
 * candidate reads a test's `input` on stdin and must write its `output` on stdout (compared as
 * the row's `comparison` says: execution/stdio/reference-compare.ts).
 */
export const stdioRowSchema = z.object({
  /** Unique id; default: `stdio/<row number>`. Numbers are kept as their decimal text. */
  id: z
    .union([z.string().min(1), z.number().int()])
    .transform(String)
    .optional(),
  /** The problem as the model reads it (input and output format, constraints, examples). */
  statement: z.string().min(1),
  tests: z
    .array(z.strictObject({ input: z.string(), output: z.string() }))
    .min(1, 'needs at least one {input, output} test'),
  /** Publication day, YYYY-MM-DD (a longer ISO timestamp is cut to its day): for --since/--until. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO date, YYYY-MM-DD')
    .transform((s) => s.slice(0, 10))
    .optional(),
  /** Language the candidate is asked in: python (default), cpp or javascript. One per file. */
  language: z
    .string()
    .refine(isStdioLanguage, 'must be python, cpp or javascript (the stdio judge runs these)')
    .default('python'),
  /**
   * Whose comparison judges the outputs: 'livecodebench', 'codecontests' (the benchmark's own
   * rules, for rows converted from it) or 'tokens' (passk's lenient one, the default for your own
   * problems). One per file.
   */
  comparison: z
    .enum(OUTPUT_COMPARISONS as [OutputComparison, ...OutputComparison[]])
    .default('tokens'),
  /** Per-test limit on CPU time, in seconds; default: --timeout, else 2 s. */
  time_limit: z.number().positive().max(60).optional(),
  /** A correct program: enables `--model reference` (checks the tests themselves). */
  solution: z.string().min(1).optional(),
  /**
   * A special judge (CodeContests/TACO style), for problems with several right outputs: run as
   * `checker INPUT OUTPUT ANSWER` in a sandbox of its own, exit 0 accepts (see stdio/checker.ts).
   */
  checker: z
    .strictObject({ language: z.enum(['cpp', 'python']), source: z.string().min(1) })
    .optional(),
});

export type StdioRow = z.output<typeof stdioRowSchema>;

/** Does this row look like a stdio benchmark row (rather than a custom-jsonl one)? */
export function isStdioRow(row: Record<string, unknown> | undefined): boolean {
  return row !== undefined && 'statement' in row && Array.isArray(row['tests']);
}

/**
 * A stdio problem's data: its tests, the row's own per-test limit, and (after `prepare`) the
 * limit in force for the run.
 */
export type StdioData = {
  cases: StdioCase[];
  timeLimitMs?: number;
  limitMs?: number;
  /** The row's `comparison`. */
  comparison?: OutputComparison;
  checker?: CheckerSource;
  /** Set by `prepare` for a problem with a checker: its tests and compiled checker, cached. */
  checkerTests?: CheckerTests;
};
export type StdioProblem = Problem<StdioData>;

export const casesOf = (problem: StdioProblem) => problem.meta.cases;

/**
 * Problems from stdio rows; throws a DatasetError naming the file, the row and the field on a row
 * that does not fit, a repeated id or a second language.
 */
export function stdioProblems(
  rows: readonly Record<string, unknown>[],
  file: string,
): StdioProblem[] {
  const parsed = validateRows({ rows, file }, stdioRowSchema);
  const seen = new Map<string, number>();
  const language = parsed[0]?.language;
  return parsed.map((row, index): StdioProblem => {
    const where = `${basename(file)} row ${index + 1}`;
    const id = row.id ?? `stdio/${index + 1}`;
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      throw new DatasetError(`${where}: field 'id': '${id}' is also row ${earlier}`, {
        hint: 'every row needs its own id',
      });
    }
    seen.set(id, index + 1);
    if (row.comparison !== parsed[0]?.comparison) {
      throw new DatasetError(
        `${where}: field 'comparison': '${row.comparison}', but row 1 is '${parsed[0]?.comparison}'`,
        { hint: 'one comparison per file: rows from one benchmark share its rules' },
      );
    }
    if (row.language !== language) {
      throw new DatasetError(
        `${where}: field 'language': '${row.language}', but row 1 is '${language}'`,
        { hint: 'one language per file: split the benchmark into one file per language' },
      );
    }
    return {
      id,
      language: row.language,
      prompt: row.statement,
      datasetPrompt: row.statement,
      tests: '',
      ...(row.solution === undefined ? {} : { reference: row.solution }),
      ...(row.date === undefined ? {} : { date: row.date }),
      meta: {
        cases: row.tests,
        comparison: row.comparison,
        ...(row.time_limit === undefined ? {} : { timeLimitMs: row.time_limit * 1000 }),
        ...(row.checker === undefined ? {} : { checker: row.checker }),
      },
    };
  });
}
