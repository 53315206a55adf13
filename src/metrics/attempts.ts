/** What the attempt rates need of a result (ResultRecord has it). */
export interface AttemptResult {
  task_id: string;
  status: string;
  /** The turn whose program was judged; absent: 1. */
  attempt?: number;
}

/** metrics.json `attempts`: multi-turn tasks' pass rate after each turn (Aider's headline pair). */
export interface AttemptRates {
  max_turns: number;
  /** Turn → mean over problems of the share of samples passed by that turn ('1', '2', …). */
  pass_rate_after: Record<string, number>;
  /** Turn → samples passed by that turn. */
  passed_after: Record<string, number>;
  /** Samples scored (infra errors left out, as for pass@k). */
  samples: number;
}

/**
 * Pass rate after each turn: a sample passed "after turn t" when it passed with a program from
 * turn t or earlier (a sample is asked again only after a failure, so its final turn's verdict
 * says when it first passed). Averaged per problem, then over problems, as pass@1 is.
 */
export function attemptRates(results: readonly AttemptResult[], maxTurns: number): AttemptRates {
  const scored = results.filter((r) => r.status !== 'infra-error');
  const byProblem = new Map<string, AttemptResult[]>();
  for (const result of scored) {
    const list = byProblem.get(result.task_id) ?? [];
    list.push(result);
    byProblem.set(result.task_id, list);
  }
  const rates: Record<string, number> = {};
  const passed: Record<string, number> = {};
  for (let turn = 1; turn <= maxTurns; turn++) {
    const passedBy = (r: AttemptResult) => r.status === 'passed' && (r.attempt ?? 1) <= turn;
    let sum = 0;
    for (const list of byProblem.values()) sum += list.filter(passedBy).length / list.length;
    rates[String(turn)] = byProblem.size === 0 ? 0 : sum / byProblem.size;
    passed[String(turn)] = scored.filter(passedBy).length;
  }
  return {
    max_turns: maxTurns,
    pass_rate_after: rates,
    passed_after: passed,
    samples: scored.length,
  };
}

/** The summary line: `pass rate after attempt 1 = 0.5000, after attempt 2 = 0.7500`. */
export function attemptRatesLine(rates: AttemptRates): string {
  const parts = Object.entries(rates.pass_rate_after).map(
    ([turn, rate]) =>
      `after attempt ${turn} = ${rate.toFixed(4)} (${rates.passed_after[turn]}/${rates.samples})`,
  );
  return `pass rate ${parts.join(', ')}`;
}
