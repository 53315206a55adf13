import type { MetricSample, TaskMetric } from '../types.js';

/**
 * What one sample answered, as its verdict tells: 'correct' (passed: its last printed line is
 * within 1e-3 of the reference), a wrong answer (identified by a hash of the printed line, from
 * the program's failure message, see program.ts), or undefined when it printed no answer at all
 * (an exception, a timeout, no output) and so takes no part in the vote, as in bigcode.
 */
type Vote = { key: string; numeric: boolean } | undefined;

const CORRECT = 'correct';
const ANSWER_MESSAGE = /^answer ([0-9a-f]{16})( not-a-number)?:/;

export function voteOf(sample: MetricSample): Vote {
  if (sample.status === 'passed') return { key: CORRECT, numeric: true };
  if (sample.status !== 'failed' || sample.message === undefined) return undefined;
  const match = ANSWER_MESSAGE.exec(sample.message);
  if (!match) return undefined;
  return { key: match[1]!, numeric: match[2] === undefined };
}

/** How one problem scores under a rule: right, wrong, or no numeric answer (bigcode's errored). */
type Outcome = 'correct' | 'wrong' | 'failed';

function score(vote: Vote): Outcome {
  if (vote === undefined || !vote.numeric) return 'failed';
  return vote.key === CORRECT ? 'correct' : 'wrong';
}

/** bigcode's greedy rule: the first sample (in sample order) that printed an answer. */
export function firstAnswer(votes: readonly Vote[]): Outcome {
  return score(votes.find((v) => v !== undefined));
}

/**
 * bigcode's majority rule (Counter(answers).most_common()[0]): the most frequent answer, ties
 * going to the one that appeared first.
 */
export function majority(votes: readonly Vote[]): Outcome {
  const counts = new Map<string, { count: number; vote: NonNullable<Vote> }>();
  for (const vote of votes) {
    if (vote === undefined) continue;
    const seen = counts.get(vote.key);
    counts.set(vote.key, { count: (seen?.count ?? 0) + 1, vote });
  }
  let best: { count: number; vote: NonNullable<Vote> } | undefined;
  // Map iterates in first-seen order, so a strict > keeps the earliest of tied answers.
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return score(best?.vote);
}

function votesByProblem(problemIds: readonly string[], results: readonly MetricSample[]) {
  const byProblem = new Map<string, MetricSample[]>(problemIds.map((id) => [id, []]));
  for (const r of results) byProblem.get(r.task_id)?.push(r);
  return problemIds.map((id) =>
    (byProblem.get(id) ?? []).sort((a, b) => a.sample - b.sample).map(voteOf),
  );
}

function accuracy(outcomes: readonly Outcome[]): number {
  return outcomes.length === 0
    ? 0
    : outcomes.filter((o) => o === 'correct').length / outcomes.length;
}

/**
 * PAL-GSM8K's metric (follows bigcode_eval/tasks/custom_metrics/pal_metric/pal_code_exec.py):
 * `accuracy` under the task's rule over all samples, bigcode's `num_failed_execution`, and
 * `maj@k` (majority over each problem's first k samples) for each reachable k.
 */
export function palMetric(rule: 'greedy' | 'majority_voting'): TaskMetric {
  return {
    name: rule === 'greedy' ? 'accuracy (first answer)' : 'maj@k',
    keys: {
      accuracy:
        rule === 'greedy'
          ? "share of problems whose first printed answer is within 1e-3 of the reference (bigcode's greedy accuracy)"
          : "share of problems whose most frequent printed answer over all samples is within 1e-3 of the reference (bigcode's majority_voting accuracy)",
      num_failed_execution:
        'problems where that answer is missing or not a number (bigcode counts them the same way)',
      'maj@k': "accuracy of the majority answer over each problem's first k samples",
    },
    compute({ problemIds, results, ks }) {
      const votes = votesByProblem(problemIds, results);
      const rule_ = rule === 'greedy' ? firstAnswer : majority;
      const headline = votes.map(rule_);
      const fewest = votes.length === 0 ? 0 : Math.min(...votes.map((v) => v.length));
      const out: Record<string, number> = {
        accuracy: accuracy(headline),
        num_failed_execution: headline.filter((o) => o === 'failed').length,
      };
      for (const k of ks) {
        if (k <= fewest) out[`maj@${k}`] = accuracy(votes.map((v) => majority(v.slice(0, k))));
      }
      return out;
    },
  };
}
