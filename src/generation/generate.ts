import { setMaxListeners } from 'node:events';
import type { BackendProvenance, ModelBackend } from '../models/types.js';
import { lockRunDir } from '../store/run-lock.js';
import type { Problem } from '../tasks/types.js';
import { runFeedbackTurns } from './feedback.js';
import { Journal, JournalWriteError } from './journal.js';
import {
  checkFingerprint,
  checkServedModel,
  type GenerationFingerprint,
  type GenerationMetadata,
  METADATA_FILE,
  readMetadata,
  type SessionSummary,
  summarize,
  writeMetadata,
} from './metadata.js';
import { pairKey, planJobs, settles, standingRecords } from './plan.js';
import { ProgressTracker } from './progress.js';
import { promptFor, promptsHash } from './prompts.js';
import { type RunnerContext, SampleRunner } from './runner.js';
import type { GenerateOptions, SampleRecord } from './types.js';

export interface GenerationResult {
  /** The standing record of every (problem, sample) pair done so far, in benchmark order. */
  records: SampleRecord[];
  metadata: GenerationMetadata;
  /** Every pair has a settled record (success, or a prompt that cannot fit). */
  complete: boolean;
  /**
   * Every pair has a record and the session was not stopped: what is not settled failed for
   * good after its retries. Such a run is scored from its finished samples only (failed ones
   * are left out of n) and says how many failed; `--resume` retries them.
   */
  allAttempted: boolean;
  /** Pairs whose standing record is a request that failed for good (not scored). */
  failedSamples: number;
}

/** How often generation.json is refreshed while a session runs (it is also written at the end). */
const METADATA_INTERVAL_MS = 5000;

/**
 * Samples `sampling.nSamples` completions for every problem, resumably. Each finished sample
 * is appended to `${runDir}/generations.journal.jsonl` at once; a run directory that already
 * has a journal is resumed: only the (problem, sample) pairs without a settled record are
 * generated, so nothing is duplicated and a half-sampled problem gets its missing samples
 * only. A request that fails for good becomes failed records (with the error), never a crash,
 * except for errors every request would hit (HTTP 401/403/404: key, URL, model name), which
 * stop the run and are thrown once what finished is on disk. Throws ConfigError when the run
 * directory was generated with other settings.
 */
export async function generate(options: GenerateOptions): Promise<GenerationResult> {
  // Locked (and created) before the journal is read: a live writer's half-written line is not
  // a torn one.
  const unlock = lockRunDir(options.runDir);
  try {
    return await generateLocked(options);
  } finally {
    unlock();
  }
}

async function generateLocked(options: GenerateOptions): Promise<GenerationResult> {
  // Every request in flight or waiting for a replica listens to the run's signals: hundreds of
  // listeners are expected, not a leak.
  for (const signal of [options.signal, options.drain]) {
    if (signal) setMaxListeners(0, signal);
  }
  const { task, problems, backend, sampling, runDir } = options;
  const fingerprint = fingerprintOf(options);
  const previous = await readMetadata(runDir);
  if (previous) checkFingerprint(previous.fingerprint, fingerprint);
  // The server may have been restarted with another model between sessions: check() learns
  // which model it serves now (a no-op when the caller already checked).
  await backend.check?.(options.signal);
  checkServedModel(previous?.provenance, backend.describe());
  const { journal, contents } = await Journal.open(runDir, options.fsync);
  const earlierSessions = withJournalTail(previous?.sessions ?? [], contents.records);
  const standing = standingRecords(contents.records);
  const prompts = new Map(
    problems.map((p) => [p.id, promptFor(task, p, backend.promptKind, options.systemPrompt)]),
  );
  const jobs = planJobs(problems, sampling.nSamples, standing, backend.maxSamplesPerRequest);
  const todo = jobs.reduce((sum, job) => sum + job.samples.length, 0);
  const pairs = problems.length * sampling.nSamples;
  const tracker = new ProgressTracker(todo, pairs - todo, options.onProgress);
  const startedAt = new Date().toISOString();

  const currentRecords = () => orderedRecords(problems, sampling.nSamples, standing);
  const metadata = (interrupted: boolean): GenerationMetadata => {
    const records = currentRecords();
    const sessions = [...earlierSessions, sessionOf(tracker, startedAt, interrupted, backend)];
    const label = options.label ?? previous?.label;
    return {
      fingerprint,
      provenance: keepServedModel(backend.describe(), previous?.provenance),
      ...(label === undefined ? {} : { label }),
      nSamples: sampling.nSamples,
      problems: problems.length,
      promptsHash: promptsHash([...prompts]),
      sessions,
      ...summarize(records, sessions),
      complete: records.length === pairs && records.every(settles),
    };
  };

  await writeMetadata(runDir, metadata(true)).catch((error: unknown) => {
    throw new JournalWriteError(`${runDir}/${METADATA_FILE}`, error);
  });
  let writing = Promise.resolve();
  const timer = setInterval(() => {
    // a failed refresh is not fatal: the final write below reports a real disk problem
    writing = writing.then(() => writeMetadata(runDir, metadata(true))).catch(() => undefined);
  }, METADATA_INTERVAL_MS).unref();

  const context: RunnerContext = {
    task,
    backend,
    sampling,
    prompts,
    stop: fingerprint.stop,
    journal,
    standing,
    tracker,
    signal: options.signal,
    drain: options.drain,
    onSample: options.onSample,
  };
  const runner = new SampleRunner(context, jobs);
  const concurrency = options.concurrency ?? backend.concurrency;
  let failure: unknown;
  try {
    await runner.run(concurrency);
    // feedback tasks: the later turns, judged between them (feedback.ts)
    if (options.judge && !runner.stopRequested) {
      const { judge } = options;
      const { nSamples } = sampling;
      const journaled = contents.records;
      await runFeedbackTurns({ context, problems, nSamples, judge, concurrency, journaled });
    }
  } catch (error) {
    failure = error;
  }
  clearInterval(timer);
  const final = metadata(runner.stopRequested);
  try {
    journal.close();
    await writing;
    await writeMetadata(runDir, final);
  } catch (error) {
    // With a full disk the first error (the journal's) is the one to report, as one line.
    failure ??= new JournalWriteError(`${runDir}/${METADATA_FILE}`, error);
  }
  if (failure !== undefined) throw failure;
  const records = currentRecords();
  const failedSamples = records.filter((r) => !settles(r)).length;
  return {
    records,
    metadata: final,
    complete: final.complete,
    allAttempted: records.length === pairs && !runner.stopRequested,
    failedSamples,
  };
}

/**
 * A session killed (SIGKILL, power loss) between two refreshes of generation.json recorded only
 * what it had done by the last one (0 samples and 0 requests when killed in its first seconds).
 * The journal lines after every session's count are its: they are added to the last session,
 * requests counted by their `request` tag (one line each for journals without it).
 */
export function withJournalTail(
  sessions: readonly SessionSummary[],
  journaled: readonly SampleRecord[],
): SessionSummary[] {
  const accounted = sessions.reduce((sum, s) => sum + s.samples, 0);
  const tail = journaled.slice(accounted);
  const last = sessions.at(-1);
  if (tail.length === 0 || last === undefined) return [...sessions];
  const requests = new Set(tail.map((record, line) => record.request ?? `line ${line}`)).size;
  const tokensOut = tail.reduce((sum, record) => sum + (record.tokensOut ?? 0), 0);
  return [
    ...sessions.slice(0, -1),
    {
      ...last,
      samples: last.samples + tail.length,
      requests: last.requests + requests,
      tokensOut: last.tokensOut + tokensOut,
    },
  ];
}

/** The served model a resumed session must match stays recorded even if this one learnt none. */
function keepServedModel(
  current: BackendProvenance,
  previous: BackendProvenance | undefined,
): BackendProvenance {
  const served = current.servedModel ?? previous?.servedModel;
  return served === undefined ? current : { ...current, servedModel: served };
}

/** What must stay the same across the sessions of one run (see GenerationFingerprint). */
/** The settings a resumed run must share (exported: runModel checks them before writing). */
export function fingerprintOf({
  task,
  backend,
  sampling,
  systemPrompt,
}: GenerateOptions): GenerationFingerprint {
  const chat = backend.promptKind === 'chat';
  return {
    task: task.name,
    backend: backend.id,
    promptKind: backend.promptKind,
    systemPrompt: chat ? (systemPrompt ?? null) : null,
    temperature: sampling.temperature,
    topP: sampling.topP,
    maxNewTokens: sampling.maxNewTokens,
    seed: sampling.seed,
    // Task stop sequences continue a code prompt; applied to a chat reply they would cut its code.
    stop: chat ? [] : [...task.stopSequences],
  };
}

function sessionOf(
  tracker: ProgressTracker,
  startedAt: string,
  interrupted: boolean,
  backend: ModelBackend,
): SessionSummary {
  const stats = backend.stats?.();
  return {
    ...(stats === undefined ? {} : { backend: stats }),
    startedAt,
    wallTimeMs: Math.round(tracker.elapsedMs),
    samples: tracker.done,
    requests: tracker.requests,
    tokensOut: tracker.tokensOut,
    interrupted,
  };
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
