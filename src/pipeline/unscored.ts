import type { ResultRecord } from '../store/records.js';

/**
 * Samples a run holds no verdict for, though it should: they are left out of n (never scored as
 * failures), so the run is incomplete and its pass@k is over fewer samples than asked for.
 */
export interface UnscoredSamples {
  /** Samples whose model requests failed for good after their retries (RequestFailed). */
  requestFailed: number;
  /** Samples the sandbox could not judge, after a retry (infra-error of any other kind). */
  unjudged: number;
}

/** Counts the infra-error results of a run by cause. */
export function unscoredSamples(results: readonly ResultRecord[]): UnscoredSamples {
  let requestFailed = 0;
  let unjudged = 0;
  for (const r of results) {
    if (r.status !== 'infra-error') continue;
    if (r.error_type === 'RequestFailed') requestFailed++;
    else unjudged++;
  }
  return { requestFailed, unjudged };
}
