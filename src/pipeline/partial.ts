import type { GenerationRecord, ResultRecord } from '../store/records.js';
import type { Problem } from '../tasks/types.js';

/** metrics.json `partial`: the run was stopped (first Ctrl-C) before every sample was judged. */
export interface PartialInfo {
  reason: 'interrupted';
  samples_judged: number;
  samples_total: number;
  problems_judged: number;
  problems_total: number;
}

/**
 * The records and problems a (possibly stopped) run scores: all of them when every sample was
 * judged; otherwise only the judged samples and the problems with at least one, so that a
 * stopped run never counts the unjudged samples as failures.
 */
export function partialRun(
  candidates: { records: readonly GenerationRecord[]; problems: readonly Problem[] },
  results: readonly ResultRecord[],
): { records: readonly GenerationRecord[]; problems: readonly Problem[]; partial?: PartialInfo } {
  if (results.length === candidates.records.length) return candidates;
  const judged = new Set(results.map((r) => `${r.task_id}#${r.sample}`));
  const records = candidates.records.filter((r) => judged.has(`${r.problemId}#${r.sample}`));
  const ids = new Set(records.map((r) => r.problemId));
  const problems = candidates.problems.filter((p) => ids.has(p.id));
  return {
    records,
    problems,
    partial: {
      reason: 'interrupted',
      samples_judged: results.length,
      samples_total: candidates.records.length,
      problems_judged: problems.length,
      problems_total: candidates.problems.length,
    },
  };
}

export function partialMessage(partial: PartialInfo): string {
  return `interrupted: partial results, ${partial.samples_judged} of ${partial.samples_total} samples judged (${partial.problems_judged} of ${partial.problems_total} problems); metrics.json says "partial"`;
}
