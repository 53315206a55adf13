import type { Program, Verdict } from './types.js';

/**
 * A verdict decided outside the candidate's process. The program writes its outputs on the
 * result channel; `decide` compares them with data that never entered the sandbox, in passk's
 * own process, so nothing the program runs can see or change the comparison. See
 * tasks/plus/outside-judge.ts for the EvalPlus one.
 */
export interface OutputJudge {
  /**
   * Content key of everything `decide` compares against (expected outputs, rules, version):
   * part of the verdict cache key, so a changed expectation never reuses an old verdict.
   */
  readonly key: string;
  /**
   * The final verdict from the sandbox's own (`raw`) and the raw result channel. `raw` failing
   * (timeout, crash, memory…) stays a failure; a `raw` pass is only a pass if the outputs match.
   * A judge that must run something itself (a problem's checker program, in a sandbox of its
   * own: tasks/library-checker) returns a promise. A judge that could not see enough of the
   * outputs may ask for a continuation (JudgeContinuation).
   */
  decide(raw: Verdict, report: string): Decision | Promise<Decision>;
}

/**
 * A judge's request to run one more program, whose verdict is then the sample's: e.g. the same
 * candidate on the tests from the first one whose output did not fit in the result channel.
 * Each continuation must judge strictly less than the run before it. An executor that cannot
 * run it takes `otherwise`.
 */
export interface JudgeContinuation {
  continueWith: Program;
  otherwise: Verdict;
}

export type Decision = Verdict | JudgeContinuation;

/** Runs a continuation's program in the same slot, and judges it (with its own judge). */
export type RunContinuation = (program: Program) => Promise<Verdict>;

/** Applies a program's judge, if it has one; a judge that throws fails the sample, never passes it. */
export async function judged(
  raw: Verdict,
  report: string,
  judge: OutputJudge | undefined,
  continueRun?: RunContinuation,
): Promise<Verdict> {
  if (judge === undefined || raw.status === 'infra-error') return raw;
  let decision: Decision;
  try {
    decision = await judge.decide(raw, report);
  } catch (error) {
    return {
      ...raw,
      status: 'error',
      errorType: 'JudgeError',
      message: `outputs could not be judged: ${String(error).slice(0, 200)}`,
    };
  }
  if (!('continueWith' in decision)) return decision;
  if (continueRun === undefined) return decision.otherwise;
  const next = await continueRun(decision.continueWith);
  // The sample took both runs.
  return {
    ...next,
    durationMs: raw.durationMs + next.durationMs,
    ...(raw.cpuMs === undefined || next.cpuMs === undefined
      ? {}
      : { cpuMs: raw.cpuMs + next.cpuMs }),
  };
}

/** A judge that decides at once, from the report alone (the stdio and EvalPlus comparisons). */
export interface ImmediateJudge extends OutputJudge {
  decide(raw: Verdict, report: string): Verdict;
}
