import { ConfigError, ExecutionDisabledError } from '../core/errors.js';
import { createExecutor } from '../execution/index.js';
import type { ExecJob, Executor } from '../execution/types.js';
import type { TurnJudge } from '../generation/types.js';
import type { Task, TurnVerdict } from '../tasks/types.js';
import { programLimits } from './config.js';

export interface TurnJudgeOptions {
  allowCodeExecution: boolean;
  timeoutMs?: number;
  memoryBytes?: number;
  sandbox?: string;
  workers?: number;
  verdictCache?: string | false;
  artifactsDir?: string | false;
}

/** The judge between turns and its executor (started on first use; close() stops it). */
export interface TurnJudgeHandle {
  judge: TurnJudge;
  close(): Promise<void>;
}

/**
 * For a task with `feedback`: the judge the generation stage calls between turns, under the
 * run's own limits and sandbox, so the final evaluation finds the same verdicts (its cache).
 * Execution happens during generation here, so the opt-in is needed before the first request.
 */
export function createTurnJudge(
  task: Task,
  promptKind: string,
  options: TurnJudgeOptions,
): TurnJudgeHandle | undefined {
  if (!task.feedback) return undefined;
  if (options.allowCodeExecution !== true) {
    throw new ExecutionDisabledError(
      `${task.name} runs each reply's tests between turns (a second try gets the test output), so generation runs model code`,
    );
  }
  if (promptKind !== 'chat') {
    throw new ConfigError(`${task.name} is a multi-turn chat task and needs a chat model`, {
      hint: 'pass --chat (a chat-completions model) with this task',
    });
  }
  // the limits evaluate() resolves, so the final verdicts come from the cache
  const limits = programLimits(task, options);
  let executor: Promise<Executor> | undefined;
  const start = () =>
    createExecutor({
      allowCodeExecution: true,
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.verdictCache === undefined ? {} : { cacheDir: options.verdictCache }),
      ...(options.artifactsDir === undefined ? {} : { artifactsDir: options.artifactsDir }),
    });
  const judge: TurnJudge = async (items, signal) => {
    executor ??= start();
    const jobs: ExecJob[] = items.map(({ problem, record }, i) => ({
      id: String(i),
      program: task.program(problem, record.program),
      limits,
    }));
    const verdicts = await (await executor).run(jobs, signal ? { signal } : {});
    return jobs.map((job): TurnVerdict => {
      const verdict = verdicts.get(job.id);
      if (!verdict) throw new Error(`internal: no verdict for turn job ${job.id}`);
      const { status, errorType, message, output } = verdict;
      return {
        status,
        ...(errorType === undefined ? {} : { errorType }),
        ...(message === undefined ? {} : { message }),
        ...(output === undefined ? {} : { output }),
      };
    });
  };
  return { judge, close: async () => (executor ? (await executor).close() : undefined) };
}
