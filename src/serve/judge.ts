import { ConfigError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import type { ExecLimits, Executor, JudgePlacement } from '../execution/types.js';
import { programFromReply } from '../generation/reply-program.js';
import { programLimits } from '../pipeline/config.js';
import { buildJobs, executeSamples } from '../pipeline/execute.js';
import { prepareProblems } from '../pipeline/prepare.js';
import { loadProblems } from '../pipeline/problems.js';
import { runnableProblems } from '../pipeline/runnable.js';
import type { GenerationRecord, ResultRecord } from '../store/records.js';
import { type CustomProblem, customProblems, customTask } from '../tasks/custom/task.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import type { Problem, Task } from '../tasks/types.js';

/**
 * One thing to judge: a registered task's problem (`task`, `problem_id`) or a problem of its own
 * (`problem`: a row of passk's custom JSONL format, docs/tasks.md "Your own benchmark"). Exactly
 * one of `program`, `completion` and `reply` is given.
 */
export interface JudgeItem {
  task?: string | undefined;
  problem_id?: string | undefined;
  problem?: Record<string, unknown> | undefined;
  /** The whole candidate program (prompt + completion), as EvalPlus's `solution`. */
  program?: string | undefined;
  /** Raw text continuing the problem's prompt: post-processed as the task does (cut at its stops). */
  completion?: string | undefined;
  /** A chat reply: its code extracted as the task does for chat models. */
  reply?: string | undefined;
}

/** An item's verdict: results.jsonl's fields, and the reward (null: not judged, never a score). */
export type JudgedItem = Omit<ResultRecord, 'sample'> & { reward: 1 | 0 | null };

interface TaskContext {
  task: Task;
  problems: Map<string, Problem>;
  /** Problems whose programs cannot run here (a module missing, the network), with why. */
  notRunnable: Map<string, string>;
  limits: ExecLimits;
}

/**
 * Judges candidates against registered tasks with the pipeline's own path (buildJobs +
 * executeSamples: the same programs, limits, judge placement, suites and verdict cache as
 * `passk evaluate`). Tasks load once, on first use.
 */
export class TaskJudge {
  private readonly contexts = new Map<string, Promise<TaskContext>>();

  constructor(
    private readonly executor: Executor,
    private readonly options: { dataset: DatasetLoadOptions; judge: JudgePlacement },
  ) {}

  /**
   * Verdicts in the items' order.
   *
   * @throws ConfigError for an unknown task or problem id, a problem that cannot run on this
   *   machine (its library is missing: never a 0), or an item without exactly one of
   *   program/completion/reply (a 400)
   */
  async judge(items: readonly JudgeItem[], signal?: AbortSignal): Promise<JudgedItem[]> {
    const byTask = new Map<string, { index: number; item: JudgeItem }[]>();
    const custom: { index: number; item: JudgeItem }[] = [];
    for (const [index, item] of items.entries()) {
      if (item.problem !== undefined) {
        custom.push({ index, item });
        continue;
      }
      const list = byTask.get(item.task!) ?? [];
      list.push({ index, item });
      byTask.set(item.task!, list);
    }
    const out: JudgedItem[] = new Array(items.length);
    const units = [
      ...[...byTask].map(async ([name, entries]) => ({
        context: await this.context(name),
        entries,
      })),
      ...customUnits(custom),
    ];
    await Promise.all(
      units.map(async (unit) => {
        const { context, entries } = await unit;
        const records = entries.map(({ index, item }) => record(context, index, item));
        const problems = [...new Set(records.map((r) => context.problems.get(r.problemId)!))];
        const { task, limits } = context;
        const jobs = buildJobs(task, problems, records, limits, this.options.judge);
        const results = await executeSamples(
          this.executor,
          jobs,
          records,
          () => {},
          signal,
          task.suites,
        );
        for (const result of results) {
          const { sample, ...rest } = result;
          out[sample] = { ...rest, reward: rewardOf(result.status) };
        }
      }),
    );
    return out;
  }

  /** The task, its problems by id and its limits, loaded (and prepared) once. */
  context(name: string): Promise<TaskContext> {
    let context = this.contexts.get(name);
    if (!context) {
      context = this.load(name);
      // A failed load (unknown name) is not kept: the next request tries again.
      context.catch(() => this.contexts.delete(name));
      this.contexts.set(name, context);
    }
    return context;
  }

  private async load(name: string): Promise<TaskContext> {
    const task = await resolveTask(name);
    if (task.generationOnly !== undefined) {
      throw new ConfigError(`${task.name} cannot be judged: it ${task.generationOnly}`);
    }
    const loaded = await loadProblems(task, this.options.dataset);
    const problems = await prepareProblems(task, loaded.problems, {
      datasetSha256: loaded.dataset.sha256,
      datasetFile: loaded.dataset.file,
      timeoutMs: task.defaultTimeoutMs,
      concurrency: this.executor.info.workers,
      emit: () => {},
    });
    // As evaluate leaves them out of the score: a missing library is the machine's, not the program's.
    const { notRunnable } = await runnableProblems(task, problems);
    const reasons = new Map<string, string>();
    for (const [name, { error, problems: ids }] of Object.entries(notRunnable?.missing ?? {})) {
      for (const id of ids) reasons.set(id, `${name}: ${error}`);
    }
    return {
      task,
      problems: new Map(problems.map((p) => [p.id, p])),
      notRunnable: reasons,
      limits: programLimits(task),
    };
  }
}

/**
 * Items with a problem of their own: one custom task per language (as a benchmark file), each
 * item its problem, named `request/<index>` (its `task_id` is not needed, nor kept).
 *
 * @throws ConfigError for a problem that does not fit the custom row format (a 400)
 */
function customUnits(
  entries: readonly { index: number; item: JudgeItem }[],
): Promise<{ context: TaskContext; entries: { index: number; item: JudgeItem }[] }>[] {
  const byLanguage = new Map<string, { index: number; item: JudgeItem }[]>();
  for (const entry of entries) {
    const language = String(entry.item.problem!['language'] ?? 'python');
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), entry]);
  }
  return [...byLanguage.values()].map(async (list) => {
    const named = list.map(({ index, item }) => ({
      entry: { index, item: { ...item, problem_id: `request/${index}` } },
      row: { prompt: '', ...item.problem, task_id: `request/${index}` },
    }));
    let problems: CustomProblem[];
    try {
      problems = customProblems(
        named.map((n) => n.row),
        'the request',
      );
    } catch (error) {
      throw new ConfigError(`a custom problem: ${(error as Error).message}`);
    }
    const task = customTask('custom', 'the request', '', problems);
    const context: TaskContext = {
      task: task as unknown as Task,
      problems: new Map(problems.map((p) => [p.id, p as unknown as Problem])),
      notRunnable: new Map(),
      limits: programLimits(task as unknown as Task),
    };
    return { context, entries: named.map((n) => n.entry) };
  });
}

/** 1 for a pass, 0 for any verdict on the program, null for infra-error (never a score). */
export function rewardOf(status: string): 1 | 0 | null {
  if (status === 'infra-error') return null;
  return status === 'passed' ? 1 : 0;
}

function record(context: TaskContext, index: number, item: JudgeItem): GenerationRecord {
  const problem = context.problems.get(item.problem_id!);
  if (problem === undefined) {
    throw new ConfigError(`task ${context.task.name} has no problem '${item.problem_id}'`, {
      hint: `problem ids look like '${context.problems.keys().next().value}'`,
    });
  }
  const reason = context.notRunnable.get(problem.id);
  if (reason !== undefined) {
    throw new ConfigError(`${problem.id} of ${context.task.name} cannot run here (${reason})`);
  }
  return {
    problemId: problem.id,
    sample: index,
    program: candidateOf(context.task, problem, item),
  };
}

/** The whole candidate program, as evaluate gets it from a samples file or a model reply. */
function candidateOf(task: Task, problem: Problem, item: JudgeItem): string {
  const given = [item.program, item.completion, item.reply].filter((x) => x !== undefined);
  if (given.length !== 1) {
    throw new ConfigError(
      `item for ${item.problem_id}: give exactly one of program, completion and reply`,
    );
  }
  if (item.program !== undefined) return item.program;
  if (item.completion !== undefined) return task.postprocess(problem, item.completion);
  return programFromReply(task, problem, item.reply!);
}
