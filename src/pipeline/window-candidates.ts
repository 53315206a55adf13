import { GenerationsError } from '../core/errors.js';
import type { GenerationRecord } from '../store/records.js';
import type { Problem, Task } from '../tasks/types.js';
import { type CandidateSource, type Candidates, loadCandidates } from './candidates.js';

/**
 * Candidates from a generations file under a release-date window. The file may cover the whole
 * positional selection (--limit/--limit-start: a complete samples.jsonl, a bigcode file matched
 * by position) or only the problems inside the window (a windowed run's own files): it is read
 * against the positional selection first, and if that does not fit, against the window. Samples
 * of problems outside the window are dropped; a problem inside it without samples is an error
 * unless the source allows missing ones.
 */
export async function loadWindowedCandidates(
  task: Task,
  positional: Problem[],
  kept: Problem[],
  source: Extract<CandidateSource, { kind: 'file' }>,
): Promise<Candidates> {
  const ids = new Set(kept.map((p) => p.id));
  let candidates: Candidates;
  try {
    const window = source.positions && { ...source.positions, window: positional };
    candidates = await loadCandidates(task, positional, {
      ...source,
      allowMissing: true,
      ...(window ? { positions: window } : {}),
    });
  } catch (error) {
    if (!(error instanceof GenerationsError)) throw error;
    return loadCandidates(task, kept, source);
  }
  const missing = candidates.missing.filter((id) => ids.has(id));
  if (missing.length > 0 && source.allowMissing !== true) {
    throw new GenerationsError(
      `${source.path} has no samples for ${missing.length} selected problems: ${missing.slice(0, 5).join(', ')}`,
      { hint: 'pass --allow-missing to score only the problems present' },
    );
  }
  const records = candidates.records.filter((r) => ids.has(r.problemId));
  return {
    ...candidates,
    records,
    problems: candidates.problems.filter((p) => ids.has(p.id)),
    missing,
    samplesPerProblem: range(records),
  };
}

function range(records: readonly GenerationRecord[]): Candidates['samplesPerProblem'] {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.problemId, (counts.get(r.problemId) ?? 0) + 1);
  const values = [...counts.values()];
  return values.length === 0
    ? { min: 0, max: 0 }
    : { min: Math.min(...values), max: Math.max(...values) };
}
