/** bench/judge.ts's command line. */

export interface JudgeBenchArgs {
  problems: number;
  perProblem: number;
  repeats: number;
  /** undefined: passk's default slots (the CLI's own rule). */
  workers: number | undefined;
  seed: number;
  /** default: `passk evaluate` with no --judge; both: --judge in-process and --judge outside. */
  judges: 'default' | 'both';
  hog: boolean;
  /** How many trivial samples --trivial evaluates (0: --trivial not given). */
  trivial: number;
}

export const JUDGE_BENCH_USAGE =
  'npx tsx bench/judge.ts [--problems N] [--samples-per-problem N] [--repeats N] [--workers N] ' +
  '[--seed S] [--judges default|both] [--hog] [--trivial] [--trivial-samples N]';

export function parseJudgeBenchArgs(args: readonly string[]): JudgeBenchArgs {
  const known = new Set(['--hog', '--trivial']);
  const valued = new Set([
    '--problems',
    '--samples-per-problem',
    '--repeats',
    '--workers',
    '--seed',
    '--judges',
    '--trivial-samples',
  ]);
  for (let at = 0; at < args.length; at++) {
    if (valued.has(args[at]!)) at++;
    else if (!known.has(args[at]!))
      throw new Error(`unknown argument ${args[at]}; usage: ${JUDGE_BENCH_USAGE}`);
  }
  const numberFlag = (name: string, fallback: number, least = 1) => {
    const at = args.indexOf(name);
    const value = at < 0 ? fallback : Number(args[at + 1]);
    if (!Number.isInteger(value) || value < least)
      throw new Error(`${name} takes a whole number ≥ ${least}`);
    return value;
  };
  const judges = args.includes('--judges') ? args[args.indexOf('--judges') + 1] : 'default';
  if (judges !== 'default' && judges !== 'both')
    throw new Error(`--judges takes default or both (got ${judges})`);
  return {
    problems: Math.min(numberFlag('--problems', 164), 164),
    perProblem: numberFlag('--samples-per-problem', 100),
    repeats: numberFlag('--repeats', 1),
    workers: args.includes('--workers') ? numberFlag('--workers', 1) : undefined,
    seed: numberFlag('--seed', 1),
    judges,
    hog: args.includes('--hog'),
    trivial: args.includes('--trivial') ? numberFlag('--trivial-samples', 1000, 2) : 0,
  };
}
