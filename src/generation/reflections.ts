import { ModelRequestError } from '../core/errors.js';
import type { Completion, ModelPrompt } from '../models/types.js';
import type { TaskFeedback, TaskReflections } from '../tasks/types.js';
import { type ChatHistory, historyPrompt, withTurn } from './feedback-turns.js';
import type { Job } from './plan.js';
import { stripReasoning } from './reasoning.js';
import { deriveSeed } from './seeds.js';
import { recordFromCompletion } from './to-record.js';
import type { GenerationTask, Reflection, SampleRecord } from './types.js';

/** What a reflection needs of the runner: the task, the turn's first prompt, one request. */
export interface ReflectContext {
  task: GenerationTask;
  feedback: TaskFeedback;
  reflections: TaskReflections;
  runSeed: number;
  /** The problem's first prompt (the task's conversation keeps its system message). */
  first: ModelPrompt;
  ask(prompt: ModelPrompt, seed: number): Promise<Completion>;
  isFatal(error: ModelRequestError): boolean;
}

/** The seed key of a job's request: a later turn's differs from the first's (seeds.ts). */
export function seedKeyOf(job: Job): string {
  return job.turn ? `${job.problem.id}#${job.turn.attempt}` : job.problem.id;
}

/**
 * Aider's reflections (base_coder.run_one): while the task has something to say about the
 * turn's last reply (it could not be applied) and fewer than `max` were asked, the model gets
 * that message in the same conversation, and its answer is applied to the candidate the reply
 * before left (a SEARCH block that matched stays applied). The turn's record is the last answer
 * with the earlier ones and their messages in `reflections`, tokens and time summed. A request
 * that fails for this sample ends the reflections and the turn keeps what it had (aider goes on
 * to the tests); a fatal error or a stop is thrown, as for the turn's own request.
 */
export async function reflect(
  job: Job,
  record: SampleRecord,
  context: ReflectContext,
): Promise<SampleRecord> {
  const chain: Reflection[] = [];
  let current = record;
  let before = job.turn?.previousProgram;
  const totals = new Totals(record);
  while (record.error === undefined && chain.length < context.reflections.max) {
    const reply = current.raw ?? current.program;
    const answer = stripReasoning(reply, true).answer;
    const message = context.reflections.message(job.problem, answer, before);
    if (message === undefined) break;
    const asked = [...chain, { reply, message }];
    const seed = deriveSeed(context.runSeed, `${seedKeyOf(job)}~${asked.length}`, record.sample);
    const prompt = historyPrompt(
      context.feedback,
      job.problem,
      context.first,
      extended(job, asked),
    );
    const started = performance.now();
    let completion: Completion;
    try {
      completion = await context.ask(prompt, seed);
    } catch (error) {
      if (error instanceof ModelRequestError && !context.isFatal(error)) break;
      throw error;
    }
    const elapsed = performance.now() - started;
    chain.push({ reply, message });
    before = current.program;
    current = recordFromCompletion(
      context.task,
      job.problem,
      record.sample,
      record.seed ?? seed,
      completion,
      'chat',
      elapsed,
      before,
    );
    totals.add(current);
  }
  if (chain.length === 0) return record;
  return withTurn({ ...current, ...totals.fields(), reflections: chain }, job);
}

/** The turn's history (none on turn 1) with the reflections asked so far. */
function extended(job: Job, chain: readonly Reflection[]): ChatHistory {
  const history = job.turn?.history ?? { replies: [], asked: [] };
  return {
    replies: [...history.replies, ...chain.map((r) => r.reply)],
    asked: [...history.asked, ...chain.map((r) => r.message)],
  };
}

/** Tokens and time of a turn's (or a sample's steps') requests, summed. */
export class Totals {
  private readonly sums = new Map<'tokensIn' | 'tokensOut' | 'reasoningTokens', number>();
  private durationMs = 0;

  constructor(first: SampleRecord) {
    this.add(first);
  }

  add(record: SampleRecord): void {
    for (const key of ['tokensIn', 'tokensOut', 'reasoningTokens'] as const) {
      const value = record[key];
      if (value !== undefined) this.sums.set(key, (this.sums.get(key) ?? 0) + value);
    }
    this.durationMs += record.durationMs ?? 0;
  }

  fields(): Partial<SampleRecord> {
    return { ...Object.fromEntries(this.sums), durationMs: this.durationMs };
  }
}
