import type { ChatMessage, ModelBackend } from '../models/types.js';
import type { GenerationRecord, SampleError } from '../store/records.js';
import type { Problem, Task, TurnVerdict } from '../tasks/types.js';
import type { SamplingConfig } from './sampling.js';

/**
 * What generation needs of a task. `instructionPrompt` is optional: a task that has an
 * instruction form for chat models provides it; otherwise passk asks the model to complete the
 * prompt's code (see prompts.ts).
 */
export type GenerationTask = Pick<
  Task,
  'name' | 'language' | 'stopSequences' | 'postprocess' | 'chatPostprocess' | 'feedback' | 'steps'
> & {
  /** The whole conversation for chat models, when the task has its own (few-shot turns). */
  chatMessages?(problem: Problem): readonly ChatMessage[];
  /** The user message for chat models: what to write, without fences or system prompt. */
  instructionPrompt?(problem: Problem): string;
};

export type { SampleError } from '../store/records.js';

/** A journal line: a GenerationRecord plus what the generation stage knows about it. */
export interface SampleRecord extends GenerationRecord {
  /** Prompt tokens of the request (shared by the samples of one server-side-n request). */
  tokensIn?: number;
  tokensOut?: number;
  /** Stop sequence at which the client ended this sample's stream early. */
  stoppedEarlyBy?: string;
  /** Estimated tokens not generated thanks to the early stop (an upper bound). */
  tokensSaved?: number;
  /** The model id the server reported for this sample (or listed before the run). */
  model?: string;
  /** Reasoning tokens of this sample (reasoning_content or a `<think>` block); in tokensOut. */
  reasoningTokens?: number;
  /** Wall time of the request that produced this sample. */
  durationMs?: number;
  /** Set when generation failed for good; `program` is then ''. */
  error?: SampleError;
  /** Feedback turns (attempt > 1): the user message that asked for this turn. */
  feedback?: string;
  /** Feedback turns: the verdict of the previous turn's program, which the feedback is about. */
  previous?: TurnVerdict;
  /**
   * Asked again within the turn (TaskFeedback.reflections): each earlier reply of the turn as
   * the model sent it and the message that answered it, in order; `raw` is the last reply and
   * tokens and duration are the turn's sums. Absent: the first reply applied.
   */
  reflections?: Reflection[];
  /**
   * A task with steps (Task.steps): every request's reply as received, in order; `raw` is the
   * last, `program` the task's candidate from all of them, tokens and duration their sums.
   */
  steps?: string[];
  /**
   * The request that produced it, numbered from 0 within its session: a resume counts a killed
   * session's requests from the journal (its generation.json was last refreshed before them).
   */
  request?: number;
}

/** One reflection: a reply that could not be applied and what the model was told about it. */
export interface Reflection {
  reply: string;
  message: string;
}

/**
 * Runs candidate programs between turns of a feedback task: one verdict per item, in order.
 * Supplied by the pipeline (it owns the executor); generation only asks.
 */
export type TurnJudge = (
  items: readonly { problem: Problem; record: SampleRecord }[],
  signal?: AbortSignal,
) => Promise<TurnVerdict[]>;

export interface GenerationProgress {
  /** Samples finished in this session (failures included). */
  done: number;
  /** Samples this session set out to generate. */
  total: number;
  /** Samples found already done in the journal (resume). */
  alreadyDone: number;
  failed: number;
  tokensOut: number;
  tokensPerSecond: number;
  /** Estimated time left, from this session's rate; undefined until a sample is done. */
  etaMs: number | undefined;
  elapsedMs: number;
}

export type FsyncPolicy = 'each' | 'batched' | 'never';

export interface GenerateOptions {
  task: GenerationTask;
  problems: readonly Problem[];
  backend: ModelBackend;
  /** Sampling (nSamples included), typically from resolveSampling(). */
  sampling: SamplingConfig;
  /** The run directory (created if missing); holds the journal and generation.json. */
  runDir: string;
  /** Requests in flight overall; defaults to backend.concurrency. */
  concurrency?: number;
  /** System message for chat backends. */
  systemPrompt?: string;
  onProgress?: (progress: GenerationProgress) => void;
  /** Called once per finished sample, after it is on disk. */
  onSample?: (record: SampleRecord) => void;
  /** Hard stop: no new requests, in-flight requests aborted (their samples redone on resume). */
  signal?: AbortSignal;
  /** Soft stop (first Ctrl-C): no new requests, in-flight requests finish and are kept. */
  drain?: AbortSignal;
  /**
   * Journal durability. Each line is one write() and so survives SIGKILL of passk whatever
   * this says; fsync adds survival of an OS crash: after each line, batched (≤ 1 s late,
   * default), or never.
   */
  fsync?: FsyncPolicy;
  /** `--label`: a name for the run, recorded in generation.json. */
  label?: string;
  /** Feedback tasks: judges each turn's programs so the next turn can be asked (feedback.ts). */
  judge?: TurnJudge;
}
