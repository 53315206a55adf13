import { parse } from 'smol-toml';
import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';

/** A `[[solutions]]` entry of info.toml: a solution in `sol/` and the verdict it must get. */
const solutionSchema = z.object({
  name: z.string(),
  /** The verdict at least one test must get (the others AC or allowed); absent: AC everywhere. */
  expect: z.enum(['AC', 'WA', 'TLE', 'MLE', 'RE']).optional(),
  allow_tle: z.boolean().optional(),
  allow_re: z.boolean().optional(),
  allow_wa: z.boolean().optional(),
  /** Defines `solve` only; `grader/grader.cpp` holds main (see judgeSolutions). */
  function: z.boolean().optional(),
});

const infoSchema = z.object({
  title: z.string().optional(),
  /** Upstream's limit, in seconds. */
  timelimit: z.number().positive(),
  tests: z.array(z.object({ name: z.string(), number: z.number().int().nonnegative() })).min(1),
  solutions: z.array(solutionSchema).default([]),
  params: z.record(z.string(), z.union([z.number(), z.string(), z.bigint()])).default({}),
  checker: z.string().default('checker.cpp'),
  verifier: z.string().default('verifier.cpp'),
});

export type SolutionInfo = z.infer<typeof solutionSchema>;

/** A problem's `[params]`: integers past 2^53 stay exact as bigint. */
export type Params = Readonly<Record<string, number | string | bigint>>;

/** One problem's info.toml, with where it lives in the data tree. */
export interface ProblemInfo {
  /** `<category>/<problem>`, e.g. 'sample/aplusb': the problem's folder in the tree. */
  id: string;
  title: string;
  timeLimitS: number;
  tests: { name: string; number: number }[];
  solutions: SolutionInfo[];
  params: Params;
}

/** The tree's own test problems (of generate.py), not benchmark problems. */
const SELF_TEST_CATEGORY = 'test';

/** Is this path a benchmark problem's info.toml (`<category>/<problem>/info.toml`)? */
export function isProblemInfo(path: string): boolean {
  const parts = path.split('/');
  return parts.length === 3 && parts[2] === 'info.toml' && parts[0] !== SELF_TEST_CATEGORY;
}

/** Parses one info.toml; a DatasetError names the file and what does not fit. */
export function parseInfo(path: string, text: string): ProblemInfo {
  let raw: unknown;
  try {
    // Integers as bigint: `1_000_000_000_000_000_000` must not lose digits in a statement.
    raw = parse(text, { integersAsBigInt: 'asNeeded' });
  } catch (error) {
    throw new DatasetError(`${path}: not TOML: ${String(error).split('\n')[0]}`);
  }
  const parsed = infoSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError(`${path}: field '${issue?.path.join('.')}': ${issue?.message}`);
  }
  const info = parsed.data;
  const id = path.split('/').slice(0, 2).join('/');
  return {
    id,
    title: info.title ?? id,
    timeLimitS: info.timelimit,
    tests: info.tests,
    solutions: info.solutions,
    params: info.params,
  };
}
