import type { ModelPrompt } from '../models/types.js';
import type { Problem, TurnVerdict } from '../tasks/types.js';
import type { ChatHistory } from './feedback-turns.js';
import type { SampleRecord } from './types.js';

/** One request to make: a problem and the contiguous sample indices it should fill. */
export interface Job {
  problem: Problem;
  samples: number[];
  /** A feedback turn (one sample): the whole conversation so far, and what it answers. */
  turn?: {
    attempt: number;
    prompt: ModelPrompt;
    /** The replies and user messages `prompt` was built from (a reflection adds to them). */
    history: ChatHistory;
    feedback: string;
    previous: TurnVerdict;
    /** The candidate of the turn before (a reply may edit it: Task.chatPostprocess). */
    previousProgram: string;
  };
}

/** The turn a record is from: 1 unless a feedback task asked again. */
export function attemptOf(record: Pick<SampleRecord, 'attempt'>): number {
  return record.attempt ?? 1;
}

/**
 * Whether a journaled record settles its (problem, sample) pair. Successes do; so does a prompt
 * that does not fit the context (asking again cannot help). Other failures are retried by a
 * resumed run.
 */
export function settles(record: SampleRecord): boolean {
  return record.error === undefined || record.error.kind === 'prompt_too_long';
}

/**
 * The record that stands for each (problem, sample) pair: the first success of its latest turn
 * in the journal, else the last failure. Keyed `${problemId}\0${sample}`.
 */
export function standingRecords(records: readonly SampleRecord[]): Map<string, SampleRecord> {
  const standing = new Map<string, SampleRecord>();
  for (const record of records) {
    const key = pairKey(record.problemId, record.sample);
    const previous = standing.get(key);
    // a success is replaced only by a success of a later turn (feedback tasks); a failure is
    // replaced by whatever came after it
    const laterTurn = record.error === undefined && attemptOf(record) > attemptOf(previous ?? {});
    if (previous === undefined || previous.error !== undefined || laterTurn)
      standing.set(key, record);
  }
  return standing;
}

export function pairKey(problemId: string, sample: number): string {
  return `${problemId}\0${sample}`;
}

/**
 * The jobs still to do, in benchmark order: for each problem the sample indices < nSamples not
 * settled yet, grouped into runs of consecutive indices that never cross a multiple of
 * `perRequest`. Fixed block boundaries keep the request seeds (the seed of a run's first index)
 * the same however a run is interrupted and resumed, whenever whole blocks are redone.
 */
export function planJobs(
  problems: readonly Problem[],
  nSamples: number,
  standing: ReadonlyMap<string, SampleRecord>,
  perRequest: number,
): Job[] {
  const jobs: Job[] = [];
  for (const problem of problems) {
    let run: number[] = [];
    const flush = () => {
      if (run.length > 0) jobs.push({ problem, samples: run });
      run = [];
    };
    for (let sample = 0; sample < nSamples; sample++) {
      const record = standing.get(pairKey(problem.id, sample));
      if (sample % perRequest === 0) flush();
      if (record !== undefined && settles(record)) flush();
      else run.push(sample);
    }
    flush();
  }
  return jobs;
}
