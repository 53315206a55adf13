import { excludeContaminated } from '../contamination/index.js';
import type { RunEventListener } from '../execution/events.js';
import type { Problem, Task } from '../tasks/types.js';
import { type CandidateSource, type Candidates, loadCandidates } from './candidates.js';
import type { LoadedProblems } from './problems.js';
import { loadShardCandidates, type Shard } from './shard.js';
import { loadWindowedCandidates } from './window-candidates.js';

export interface SelectionOptions {
  candidates: CandidateSource;
  shard?: Shard;
  excludeContaminated?: string;
}

/**
 * The samples to score: the selected problems minus those flagged as contaminated, this shard's
 * share of them, and the candidates for those. Warns about what is left out or uneven.
 */
export async function selectCandidates(
  task: Task,
  loaded: LoadedProblems,
  options: SelectionOptions,
  emit: RunEventListener,
): Promise<{ candidates: Candidates; excluded: string[] | undefined }> {
  let selection = loaded.problems;
  let excluded: string[] | undefined;
  if (options.excludeContaminated !== undefined) {
    const exclusion = await excludeContaminated(
      selection,
      options.excludeContaminated,
      loaded.dataset.sha256,
    );
    ({ kept: selection, excluded } = exclusion);
    emit({
      type: 'warning',
      message: `${excluded.length} problems flagged as contaminated are left out of the score`,
    });
  }
  // A bigcode file matches problems by position: tell the reader where the selection sits.
  const source: CandidateSource =
    options.candidates.kind === 'file'
      ? {
          ...options.candidates,
          positions: { start: loaded.start, total: loaded.total, window: loaded.problems },
        }
      : options.candidates;
  const window = loaded.dateWindow;
  if (window !== undefined && window.excluded.length > 0) {
    emit({
      type: 'warning',
      message: `${window.excluded.length} problems published outside the date window (${window.effective_since ?? '…'} to ${window.until ?? '…'}) are left out of the score (listed in metrics.json date_window)`,
    });
  }
  // Under a date window, or with contaminated problems left out, a file is matched against the
  // --limit selection, then cut to the problems kept: a samples.jsonl covering every problem
  // (the flagged ones too) is the usual file, not a file of unselected problems.
  const positional = loaded.positional ?? (excluded === undefined ? undefined : loaded.problems);
  const load = (problems: Problem[], from: CandidateSource) =>
    positional !== undefined && from.kind === 'file'
      ? loadWindowedCandidates(task, positional, problems, from)
      : loadCandidates(task, problems, from);
  const candidates =
    options.shard === undefined
      ? await load(selection, source)
      : await loadShardCandidates(task, selection, source, options.shard, load);
  for (const message of candidates.notes ?? []) emit({ type: 'warning', message });
  if (candidates.missing.length > 0) {
    emit({
      type: 'warning',
      message: `${candidates.missing.length} problems have no samples and are left out of the score`,
    });
  }
  const { min, max } = candidates.samplesPerProblem;
  if (min !== max) {
    emit({
      type: 'warning',
      message: `problems have between ${min} and ${max} samples: pass@k is reported only for k <= ${min}`,
    });
  }
  return { candidates, excluded };
}
