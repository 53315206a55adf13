import { setMaxListeners } from 'node:events';
import { ModelRequestError } from '../core/errors.js';
import { ContextLengthError, ServerUnavailableError } from '../models/errors.js';
import type { Completion, GenerateRequest, ModelBackend, ModelPrompt } from '../models/types.js';
import { withTurn } from './feedback-turns.js';
import type { Journal } from './journal.js';
import { type Job, pairKey } from './plan.js';
import type { ProgressTracker } from './progress.js';
import { type ReflectContext, reflect, seedKeyOf } from './reflections.js';
import type { SamplingConfig } from './sampling.js';
import { deriveSeed } from './seeds.js';
import { runSteps, type StepContext } from './steps.js';
import { failedRecord, recordFromCompletion } from './to-record.js';
import type { GenerationTask, SampleRecord } from './types.js';

/** Everything a runner needs, prepared by generate(). */
export interface RunnerContext {
  task: GenerationTask;
  backend: ModelBackend;
  sampling: SamplingConfig;
  prompts: ReadonlyMap<string, ModelPrompt>;
  stop: readonly string[];
  journal: Journal;
  /** The standing record per pair; the runner adds each new one. */
  standing: Map<string, SampleRecord>;
  tracker: ProgressTracker;
  signal: AbortSignal | undefined;
  drain: AbortSignal | undefined;
  onSample: ((record: SampleRecord) => void) | undefined;
}

/**
 * Errors that would fail every request the same way: a 4xx other than a prompt that does not
 * fit (bad key, wrong base URL or model name, a parameter the server refuses such as too many
 * stop sequences), or every replica down past the outage limit. The run stops with the
 * server's message instead of recording thousands of failed samples.
 */
function isFatal(error: ModelRequestError): boolean {
  if (error instanceof ServerUnavailableError) return true;
  if (error instanceof ContextLengthError || error.retryable) return false;
  // 501/505: the server lacks the feature or protocol asked for, for every request alike
  if (error.status === 501 || error.status === 505) return true;
  return error.status !== undefined && error.status >= 400 && error.status < 500;
}

/**
 * Works through the jobs with a fixed number of workers, one request per job. Each finished
 * sample goes to the journal before anything else sees it.
 */
export class SampleRunner {
  /** Reversed, so taking the next job (pop) and putting one back in front (push) are O(1). */
  private readonly queue: Job[];
  private maxPerRequest: number;
  /** A fatal error or a bug: every worker stops, and `run` rethrows it. */
  private crash: unknown;
  /**
   * Aborted on a crash, so requests still in flight or waiting out a retry backoff stop at
   * once (their samples are redone on resume) instead of holding the one-line error back.
   */
  private readonly halt = new AbortController();
  private readonly requestSignal: AbortSignal;

  constructor(
    private readonly context: RunnerContext,
    jobs: readonly Job[],
  ) {
    this.queue = [...jobs].reverse();
    // one composite signal for the whole run (not one per request)
    this.requestSignal = context.signal
      ? AbortSignal.any([context.signal, this.halt.signal])
      : this.halt.signal;
    setMaxListeners(0, this.requestSignal); // every request in flight listens to it
    this.maxPerRequest = context.backend.maxSamplesPerRequest;
  }

  get stopRequested(): boolean {
    const { signal, drain } = this.context;
    return signal?.aborted === true || drain?.aborted === true || this.crash !== undefined;
  }

  /** Resolves when the jobs are done or a stop was requested; rethrows a fatal error. */
  async run(concurrency: number): Promise<void> {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => this.worker()));
    if (this.crash !== undefined) throw this.crash;
  }

  private async worker(): Promise<void> {
    while (!this.stopRequested) {
      const job = this.queue.pop();
      if (job === undefined) return;
      if (job.samples.length > this.maxPerRequest) {
        this.queue.push({ problem: job.problem, samples: job.samples.slice(this.maxPerRequest) });
        job.samples = job.samples.slice(0, this.maxPerRequest);
      }
      try {
        const records = await this.request(job);
        if (records) this.keep(records);
      } catch (error) {
        this.crash ??= error;
        this.halt.abort(error);
      }
    }
  }

  /** One request for the job's samples; undefined when aborted (a resume redoes them). */
  private async request(job: Job): Promise<SampleRecord[] | undefined> {
    const { task, backend, sampling } = this.context;
    const signal = this.requestSignal;
    // a later turn gets a seed of its own (same for the same turn on resume)
    const seed = deriveSeed(sampling.seed, seedKeyOf(job), job.samples[0]!);
    const request = this.requestOf(job.turn?.prompt ?? this.firstPrompt(job), seed, job.samples);
    const started = performance.now();
    try {
      const completions = await backend.generate(request, signal);
      if (completions.length === 0)
        throw new ModelRequestError(`${backend.id} returned no completions`);
      const elapsed = performance.now() - started;
      const answered = completions.slice(0, job.samples.length);
      this.requeueUnanswered(job, answered.length);
      const records = answered.map((completion, i) =>
        withTurn(
          recordFromCompletion(
            task,
            job.problem,
            job.samples[i]!,
            seed,
            completion,
            backend.promptKind,
            elapsed,
            job.turn?.previousProgram,
          ),
          job,
        ),
      );
      return await this.stepped(job, await this.reflected(job, records));
    } catch (error) {
      if (signal?.aborted) return undefined;
      if (!(error instanceof ModelRequestError) || isFatal(error)) throw error;
      return job.samples.map((sample) =>
        withTurn(failedRecord(job.problem.id, sample, seed, error), job),
      );
    }
  }

  private firstPrompt(job: Job): ModelPrompt {
    return this.context.prompts.get(job.problem.id)!;
  }

  private requestOf(
    prompt: ModelPrompt,
    seed: number,
    samples: readonly number[],
  ): GenerateRequest {
    const { temperature, topP, maxNewTokens } = this.context.sampling;
    return {
      prompt,
      n: samples.length,
      sampling: { temperature, topP, maxNewTokens, seed, stop: this.context.stop },
    };
  }

  /** Each record after the task's reflections (reflections.ts), one sample after another. */
  private async reflected(job: Job, records: SampleRecord[]): Promise<SampleRecord[]> {
    const feedback = this.context.task.feedback;
    const reflections = feedback?.reflections;
    if (!feedback || !reflections || this.context.backend.promptKind !== 'chat') return records;
    const context: ReflectContext = {
      task: this.context.task,
      feedback,
      reflections,
      runSeed: this.context.sampling.seed,
      first: this.firstPrompt(job),
      ask: (prompt, seed) => this.askOne(prompt, seed),
      isFatal,
    };
    const out: SampleRecord[] = [];
    for (const record of records) out.push(await reflect(job, record, context));
    return out;
  }

  /** Each record after the rest of its task's steps (steps.ts), one sample after another. */
  private async stepped(job: Job, records: SampleRecord[]): Promise<SampleRecord[]> {
    const steps = this.context.task.steps;
    if (!steps) return records;
    const context: StepContext = {
      task: this.context.task,
      steps,
      runSeed: this.context.sampling.seed,
      first: this.firstPrompt(job),
      ask: (prompt, seed) => this.askOne(prompt, seed),
      // a request cut by a stop is thrown, so the sample is redone on resume, not failed
      isFatal: (error) => isFatal(error) || this.requestSignal.aborted,
    };
    const out: SampleRecord[] = [];
    for (const record of records) out.push(await runSteps(job, record, context));
    return out;
  }

  /** One request for one sample (a reflection, a step): its completion. */
  private async askOne(prompt: ModelPrompt, seed: number): Promise<Completion> {
    const { backend } = this.context;
    const completions = await backend.generate(
      this.requestOf(prompt, seed, [0]),
      this.requestSignal,
    );
    if (completions[0] === undefined)
      throw new ModelRequestError(`${backend.id} returned no completions`);
    return completions[0];
  }

  /** A server that ignores n answered fewer: ask for the rest one by one, each with its own seed. */
  private requeueUnanswered(job: Job, answered: number): void {
    const rest = job.samples.slice(answered);
    if (rest.length === 0) return;
    this.maxPerRequest = 1;
    for (const sample of rest.reverse())
      this.queue.push({ problem: job.problem, samples: [sample] });
  }

  private keep(answered: readonly SampleRecord[]): void {
    const request = this.context.tracker.requests;
    const records = answered.map((record) => ({ ...record, request }));
    for (const record of records) {
      this.context.journal.append(record);
      this.context.standing.set(pairKey(record.problemId, record.sample), record);
      this.context.onSample?.(record);
    }
    this.context.tracker.requestDone(records);
    // a reflection or a later step is a request of its own (generation.json's count), not a sample
    for (const record of records) {
      this.context.tracker.requests +=
        (record.reflections?.length ?? 0) + Math.max(0, (record.steps?.length ?? 0) - 1);
    }
  }
}
