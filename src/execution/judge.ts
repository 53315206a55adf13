import type { Verdict } from './types.js';

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
   * own: tasks/library-checker) returns a promise.
   */
  decide(raw: Verdict, report: string): Verdict | Promise<Verdict>;
}

/** Applies a program's judge, if it has one; a judge that throws fails the sample, never passes it. */
export async function judged(
  raw: Verdict,
  report: string,
  judge: OutputJudge | undefined,
): Promise<Verdict> {
  if (judge === undefined || raw.status === 'infra-error') return raw;
  try {
    return await judge.decide(raw, report);
  } catch (error) {
    return {
      ...raw,
      status: 'error',
      errorType: 'JudgeError',
      message: `outputs could not be judged: ${String(error).slice(0, 200)}`,
    };
  }
}

/** A judge that decides at once, from the report alone (the stdio and EvalPlus comparisons). */
export interface ImmediateJudge extends OutputJudge {
  decide(raw: Verdict, report: string): Verdict;
}
