import type { Verdict } from './types.js';

/**
 * A reference harness's own pass rules, applied after passk's verdict so a task scores as the
 * harness it is named for (MultiPL-E's evaluators read stderr and use Node's loose asserts).
 * They only move verdicts between 'passed' and 'failed' by what the program wrote: passk's own
 * rule that the tests must reach their end is kept (an early exit is never turned into a pass).
 */
export interface ReferenceRules {
  /** Who the rules are (recorded in the failure message), e.g. "MultiPL-E's eval_racket.py". */
  by: string;
  /** A run that wrote anything on stderr fails (Racket, Scala). */
  quietStderr?: boolean;
  /** A run whose stderr holds this text fails (Perl: "ERROR"). */
  stderrFailsOn?: string;
  /**
   * A check that passed only with loose (==) equality (the Node preload's 'LooseEqualityOnly')
   * is a pass, as under Node's legacy `assert.deepEqual`; the verdict keeps that error type so
   * the strict figure can be counted beside (metrics.json `strict_equality_pass_at_k`).
   */
  looseEquality?: boolean;
}

/** The error type of a verdict that passed only through loose equality (node.ts preload). */
export const LOOSE_ONLY = 'LooseEqualityOnly';
/** The error type of a pass the reference's rules fail. */
export const REFERENCE_RULE = 'ReferenceRule';

/** Part of the verdict cache key: the same program under other rules may get another verdict. */
export function referenceRulesKey(rules: ReferenceRules): string {
  return `rules:${JSON.stringify([rules.quietStderr === true, rules.stderrFailsOn ?? '', rules.looseEquality === true])}`;
}

/** `verdict` as the reference's `rules` decide it, given the end of the program's stderr. */
export function applyReferenceRules(
  verdict: Verdict,
  stderrTail: string,
  rules: ReferenceRules | undefined,
): Verdict {
  if (rules === undefined) return verdict;
  const loose =
    rules.looseEquality === true &&
    verdict.status === 'failed' &&
    verdict.errorType === LOOSE_ONLY &&
    verdict.tamper === undefined;
  const passing = verdict.status === 'passed' || loose;
  if (!passing) return verdict;
  const broken = brokenRule(stderrTail, rules);
  if (broken !== undefined) {
    return { ...verdict, status: 'failed', errorType: REFERENCE_RULE, message: broken };
  }
  return loose ? { ...verdict, status: 'passed' } : verdict;
}

function brokenRule(stderrTail: string, rules: ReferenceRules): string | undefined {
  if (rules.quietStderr === true && stderrTail !== '') {
    return `wrote on stderr, which ${rules.by} counts as a failure: ${firstLine(stderrTail)}`;
  }
  const text = rules.stderrFailsOn;
  if (text !== undefined && stderrTail.includes(text)) {
    return `wrote "${text}" on stderr, which ${rules.by} counts as a failure`;
  }
  return undefined;
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 200);
}
