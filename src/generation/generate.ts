import { ModelRequestError } from '../core/errors.js';
import type { GenerateRequest, ModelPrompt } from '../models/types.js';
import type { Problem } from '../tasks/types.js';
import { Journal } from './journal.js';
import {
  checkFingerprint,
  type GenerationFingerprint,
  type GenerationMetadata,
  readMetadata,
  type SessionSummary,
  summarize,
  writeMetadata,
} from './metadata.js';
import { type Job, pairKey, planJobs, settles, standingRecords } from './plan.js';
import { ProgressTracker } from './progress.js';
import { promptFor, promptsHash } from './prompts.js';
import { deriveSeed } from './seeds.js';
import { failedRecord, recordFromCompletion } from './to-record.js';
import type { GenerateOptions, SampleRecord } from './types.js';

export interface GenerationResult {
  /** The standing record of every (problem, sample) pair done so far, in benchmark order. */
  records: SampleRecord[];
  metadata: GenerationMetadata;
  /** Every pair has a settled record (success, or a prompt that cannot fit). */
  complete: boolean;
}

/** How often generation.json is refreshed while a session runs (it is also written at the end). */
const METADATA_INTERVAL_MS = 5000;

/**
 * Samples `sampling.nSamples` completions for every problem, resumably. Each finished sample
 * is appended to `${runDir}/generations.journal.jsonl` at once; a run directory that already
 * has a journal is resumed: only the (problem, sample) pairs without a settled record are
 * generated, so nothing is duplicated and a half-sampled problem gets its missing samples
 * only. A request that fails for good becomes failed records (with the error), never a crash.
 * Throws ConfigError when the run directory was generated with other settings.
 */
export async function generate(options: GenerateOptions): Promise<GenerationResult> {
  const { task, problems, backend, sampling, runDir } = options;
  const promptKind = backend.promptKind;
  // Task stop sequences continue a code prompt; applied to a chat reply they would cut its code.
  const stop = promptKind === 'chat' ? [] : [...task.stopSequences];
  const fingerprint: GenerationFingerprint = {
    task: task.name,
    backend: backend.id,
    promptKind,
    systemPrompt: promptKind === 'chat' ? (options.systemPrompt ?? null) : null,
    temperature: sampling.temperature,
    topP: sampling.topP,
    maxNewTokens: sampling.maxNewTokens,
    seed: sampling.seed,
    stop,
    maxSamplesPerRequest: backend.maxSamplesPerRequest,
  };
  const previous = await readMetadata(runDir);
  if (previous) checkFingerprint(previous.fingerprint, fingerprint);
  const { journal, contents } = await Journal.open(runDir, options.fsync);
  const standing = standingRecords(contents.records);
  const prompts = new Map(
    problems.map((p) => [p.id, promptFor(task, p, promptKind, options.systemPrompt)]),
  );
  const queue = planJobs(problems, sampling.nSamples, standing, backend.maxSamplesPerRequest);
  const total = queue.reduce((sum, job) => sum + job.samples.length, 0);
  const tracker = new ProgressTracker(
    total,
    problems.length * sampling.nSamples - total,
    options.onProgress,
  );
  const startedAt = new Date().toISOString();

  const session = (interrupted: boolean): SessionSummary => ({
    startedAt,
    wallTimeMs: Math.round(tracker.elapsedMs),
    samples: tracker.done,
    requests: tracker.requests,
    tokensOut: tracker.tokensOut,
    interrupted,
  });
  const currentRecords = () => orderedRecords(problems, sampling.nSamples, standing);
  const metadata = (interrupted: boolean): GenerationMetadata => {
    const records = currentRecords();
    const sessions = [...(previous?.sessions ?? []), session(interrupted)];
    return {
      fingerprint,
      provenance: backend.describe(),
      nSamples: sampling.nSamples,
      problems: problems.length,
      promptsHash: promptsHash([...prompts]),
      sessions,
      ...summarize(records, sessions),
      complete: isComplete(records, problems.length * sampling.nSamples),
    };
  };

  let writing = writeMetadata(runDir, metadata(true));
  const timer = setInterval(() => {
    writing = writing.then(() => writeMetadata(runDir, metadata(true)));
  }, METADATA_INTERVAL_MS).unref();

  let maxPerRequest = backend.maxSamplesPerRequest;
  let crash: unknown; // a bug (not a request failure): stop every worker, then rethrow
  const stopRequested = () =>
    options.signal?.aborted === true || options.drain?.aborted === true || crash !== undefined;

  async function runJob(job: Job): Promise<void> {
    const first = job.samples[0]!;
    const seed = deriveSeed(sampling.seed, job.problem.id, first);
    const request: GenerateRequest = {
      prompt: prompts.get(job.problem.id) as ModelPrompt,
      n: job.samples.length,
      sampling: {
        temperature: sampling.temperature,
        topP: sampling.topP,
        maxNewTokens: sampling.maxNewTokens,
        seed,
        stop,
      },
    };
    const started = performance.now();
    let records: SampleRecord[];
    try {
      const completions = await options.backend.generate(request, options.signal);
      if (completions.length === 0)
        throw new ModelRequestError(`${backend.id} returned no completions`);
      const elapsed = performance.now() - started;
      records = completions
        .slice(0, job.samples.length)
        .map((c, i) =>
          recordFromCompletion(task, job.problem, job.samples[i]!, seed, c, promptKind, elapsed),
        );
      const unanswered = job.samples.slice(completions.length);
      if (unanswered.length > 0) {
        // The server ignores n: ask for the rest one by one, each with its own seed.
        maxPerRequest = 1;
        queue.unshift(...unanswered.map((sample) => ({ problem: job.problem, samples: [sample] })));
      }
    } catch (error) {
      if (options.signal?.aborted) return; // not recorded: a resumed run redoes these samples
      if (!(error instanceof ModelRequestError)) throw error;
      records = job.samples.map((sample) => failedRecord(job.problem.id, sample, seed, error));
    }
    for (const record of records) {
      journal.append(record);
      standing.set(pairKey(record.problemId, record.sample), record);
      options.onSample?.(record);
    }
    tracker.requestDone(records);
  }

  async function worker(): Promise<void> {
    while (!stopRequested()) {
      const job = queue.shift();
      if (job === undefined) return;
      if (job.samples.length > maxPerRequest) {
        queue.unshift({ problem: job.problem, samples: job.samples.slice(maxPerRequest) });
        job.samples = job.samples.slice(0, maxPerRequest);
      }
      await runJob(job).catch((error: unknown) => {
        crash ??= error;
      });
    }
  }

  try {
    const workers = Math.max(1, options.concurrency ?? backend.concurrency);
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    clearInterval(timer);
    journal.close();
  }
  if (crash !== undefined) throw crash;
  const final = metadata(stopRequested());
  await writing;
  await writeMetadata(runDir, final);
  return { records: currentRecords(), metadata: final, complete: final.complete };
}

function orderedRecords(
  problems: readonly Problem[],
  nSamples: number,
  standing: ReadonlyMap<string, SampleRecord>,
): SampleRecord[] {
  const records: SampleRecord[] = [];
  for (const problem of problems) {
    for (let sample = 0; sample < nSamples; sample++) {
      const record = standing.get(pairKey(problem.id, sample));
      if (record) records.push(record);
    }
  }
  return records;
}

function isComplete(records: readonly SampleRecord[], pairs: number): boolean {
  return records.length === pairs && records.every(settles);
}
