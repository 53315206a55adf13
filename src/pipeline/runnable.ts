import { resolvePythonEnvironment } from '../execution/index.js';
import { probeInterpreter } from '../execution/runtimes/python.js';
import type { GenerationRecord } from '../store/records.js';
import type { Problem, Task } from '../tasks/types.js';

/**
 * metrics.json `not_runnable`: problems whose libraries do not import here (e.g. DS-1000's
 * TensorFlow ones: not in Debian). Left out of the score, never counted as failures.
 */
export interface NotRunnable {
  problems: number;
  /** Each missing module: why it did not import, and the problems that need it. */
  modules: Record<string, { error: string; problems: string[] }>;
  hint: string;
}

/**
 * The problems whose programs can run with the task's library environment (Task.requires names
 * what each needs; a module of the environment that does not import makes them not runnable),
 * and what is left out. Everything is runnable for tasks without `environment` or `requires`.
 */
export async function runnableProblems<P extends Problem>(
  task: Task,
  problems: readonly P[],
  pythonEnv?: string,
): Promise<{ runnable: P[]; notRunnable?: NotRunnable }> {
  if (task.environment === undefined || task.requires === undefined)
    return { runnable: [...problems] };
  const { path: interpreter } = await probeInterpreter(undefined);
  const resolved = await resolvePythonEnvironment(task.environment.python, {
    interpreter,
    ...(pythonEnv === undefined ? {} : { venv: pythonEnv }),
  });
  const runnable: P[] = [];
  const modules: NotRunnable['modules'] = {};
  for (const problem of problems) {
    const missing = task.requires(problem).filter((m) => resolved.modules[m] === null);
    if (missing.length === 0) runnable.push(problem);
    for (const name of missing) {
      modules[name] ??= { error: resolved.errors[name] ?? 'does not import', problems: [] };
      modules[name].problems.push(problem.id);
    }
  }
  const left = problems.length - runnable.length;
  if (left === 0) return { runnable };
  const hint = `install them (scripts/setup.sh --task ${task.name}) or pass --python-env DIR, a venv that has them`;
  return { runnable, notRunnable: { problems: left, modules, hint } };
}

/** The run warning for problems left out as not runnable. */
export function notRunnableMessage(info: NotRunnable): string {
  const modules = Object.entries(info.modules)
    .map(([name, { problems }]) => `${name} (${problems.length})`)
    .join(', ');
  return `${info.problems} problems are not runnable here and are left out of the score (not failed): missing ${modules}; ${info.hint}`;
}

/** `candidates` without the samples of problems that are not runnable. */
export function withoutProblems<C extends { records: GenerationRecord[]; problems: Problem[] }>(
  candidates: C,
  kept: readonly Problem[],
): C {
  const ids = new Set(kept.map((p) => p.id));
  return {
    ...candidates,
    problems: candidates.problems.filter((p) => ids.has(p.id)),
    records: candidates.records.filter((r) => ids.has(r.problemId)),
  };
}
