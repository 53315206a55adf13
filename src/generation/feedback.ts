import type { Problem } from '../tasks/types.js';
import { dueAfter, nextTurnJobs, TurnHistory } from './feedback-turns.js';
import { type RunnerContext, SampleRunner } from './runner.js';
import type { SampleRecord, TurnJudge } from './types.js';

export interface FeedbackLoopOptions {
  context: RunnerContext;
  problems: readonly Problem[];
  nSamples: number;
  judge: TurnJudge;
  concurrency: number;
  /** Every record of the journal before this session (earlier turns' replies on resume). */
  journaled: readonly SampleRecord[];
}

/**
 * The turns after the first, for a task with `feedback`: once every sample has its turn-1
 * reply, the pipeline's judge runs them all; each failed one whose task has something to say
 * (the test output) is asked again, in the same conversation, up to `maxTurns`. Turn by turn
 * rather than sample by sample, so the executor runs each turn's programs side by side.
 *
 * Every turn is a journal record (`attempt`, `feedback`, `previous`): a resumed run finds the
 * latest turn of each sample standing, judges it again (the verdict cache answers) and goes on
 * from there, so no turn is lost or asked twice.
 */
export async function runFeedbackTurns(options: FeedbackLoopOptions): Promise<SampleRunner[]> {
  const { context, problems, nSamples, judge } = options;
  const feedback = context.task.feedback;
  const runners: SampleRunner[] = [];
  if (!feedback) return runners;
  const history = new TurnHistory([...options.journaled, ...context.standing.values()]);
  const onSample = context.onSample;
  const tracking: RunnerContext = {
    ...context,
    onSample: (record) => {
      history.add(record);
      onSample?.(record);
    },
  };
  for (let turn = 1; turn < feedback.maxTurns; turn++) {
    if (stopped(context)) break;
    const due = dueAfter(problems, nSamples, context.standing, turn);
    if (due.length === 0) continue;
    const verdicts = await judge(due, context.signal);
    const jobs = nextTurnJobs(feedback, due, verdicts, history, context.prompts, turn);
    if (jobs.length === 0) continue;
    context.tracker.addWork(jobs.length);
    const runner = new SampleRunner(tracking, jobs);
    runners.push(runner);
    await runner.run(options.concurrency);
  }
  return runners;
}

function stopped(context: RunnerContext): boolean {
  return context.signal?.aborted === true || context.drain?.aborted === true;
}
