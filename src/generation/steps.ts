import { ModelRequestError } from '../core/errors.js';
import type { Completion, ModelPrompt } from '../models/types.js';
import type { TaskSteps } from '../tasks/types.js';
import type { Job } from './plan.js';
import { stripReasoning } from './reasoning.js';
import { seedKeyOf, Totals } from './reflections.js';
import { deriveSeed } from './seeds.js';
import { failedRecord, recordFromCompletion } from './to-record.js';
import type { GenerationTask, SampleRecord } from './types.js';

/** What the steps of a sample need of the runner: the task, the first prompt, one request. */
export interface StepContext {
  task: GenerationTask;
  steps: TaskSteps;
  runSeed: number;
  /** The problem's first prompt: a chat keeps its system message, the user message is replaced. */
  first: ModelPrompt;
  ask(prompt: ModelPrompt, seed: number): Promise<Completion>;
  isFatal(error: ModelRequestError): boolean;
}

/**
 * The rest of a sample's requests for a task with steps (Task.steps): after the first reply,
 * while the task has a next prompt, one request with that prompt alone (a fresh prompt each
 * time, as ClassEval's inference_pipeline.py asks each method), its own seed per step. The
 * record is the last reply's, its program the task's candidate from every reply, `steps` every
 * reply, tokens and time summed. A request that fails for this sample fails the sample (a
 * resumed run asks it again from the first step); a fatal error or a stop is thrown.
 */
export async function runSteps(
  job: Job,
  record: SampleRecord,
  context: StepContext,
): Promise<SampleRecord> {
  if (record.error !== undefined) return record;
  const kind = context.first.kind;
  const raws = [record.raw ?? record.program];
  const replies = [stripReasoning(raws[0]!, kind === 'chat').answer];
  const totals = new Totals(record);
  let last = record;
  for (;;) {
    const text = context.steps.next(job.problem, replies, kind);
    if (text === undefined) break;
    const seed = deriveSeed(
      context.runSeed,
      `${seedKeyOf(job)}~step${replies.length}`,
      record.sample,
    );
    const started = performance.now();
    let completion: Completion;
    try {
      completion = await context.ask(stepPrompt(context.first, text), seed);
    } catch (error) {
      if (error instanceof ModelRequestError && !context.isFatal(error)) {
        return failedRecord(job.problem.id, record.sample, seed, error);
      }
      throw error;
    }
    const elapsed = performance.now() - started;
    last = recordFromCompletion(
      context.task,
      job.problem,
      record.sample,
      seed,
      completion,
      kind,
      elapsed,
    );
    totals.add(last);
    raws.push(completion.text);
    replies.push(stripReasoning(completion.text, kind === 'chat').answer);
  }
  const program = context.steps.candidate(job.problem, replies, kind);
  // the sample's seed is its first request's, as for any other sample
  const seed = record.seed === undefined ? {} : { seed: record.seed };
  return { ...last, ...totals.fields(), ...seed, program, steps: raws };
}

/** A step's prompt: the text itself, or the first chat with its user message replaced by it. */
function stepPrompt(first: ModelPrompt, text: string): ModelPrompt {
  if (first.kind === 'completion') return { kind: 'completion', text };
  const messages = first.messages.filter((message) => message.role === 'system');
  return { kind: 'chat', messages: [...messages, { role: 'user', content: text }] };
}
