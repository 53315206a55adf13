import type { VerdictStatus } from '../../execution/types.js';

/** One sample judged by both test suites (e.g. HumanEval's base tests and HumanEval+'s). */
export interface BasePlusResult {
  task_id: string;
  sample: number;
  base_status: VerdictStatus;
  plus_status: VerdictStatus;
}

export interface PlusDrop {
  problemId: string;
  /** Samples judged by both suites (an infra error on either side leaves the sample out). */
  n: number;
  /** Fraction of samples passing the base tests (pass@1). */
  base: number;
  /** Fraction passing the plus tests. */
  plus: number;
  /** base − plus: how much the extra tests took away. */
  drop: number;
}

/**
 * The problems whose pass@1 fell most from the base tests to the plus tests: where the base
 * tests were too weak to catch wrong programs. Only problems with a positive drop are listed,
 * largest first (ties by problem id), at most `limit` of them.
 */
export function largestPlusDrops(results: Iterable<BasePlusResult>, limit = 10): PlusDrop[] {
  const tallies = new Map<string, { n: number; base: number; plus: number }>();
  for (const r of results) {
    if (r.base_status === 'infra-error' || r.plus_status === 'infra-error') continue;
    const tally = tallies.get(r.task_id) ?? { n: 0, base: 0, plus: 0 };
    tally.n++;
    if (r.base_status === 'passed') tally.base++;
    if (r.plus_status === 'passed') tally.plus++;
    tallies.set(r.task_id, tally);
  }
  const drops: PlusDrop[] = [];
  for (const [problemId, t] of tallies) {
    const drop = (t.base - t.plus) / t.n;
    if (drop > 0) drops.push({ problemId, n: t.n, base: t.base / t.n, plus: t.plus / t.n, drop });
  }
  drops.sort((x, y) => y.drop - x.drop || (x.problemId < y.problemId ? -1 : 1));
  return drops.slice(0, limit);
}
