import { resolvePythonEnvironment } from '../execution/index.js';
import type { GenerationRecord } from '../store/records.js';
import type { Problem, Task } from '../tasks/types.js';
import { defaultInterpreter } from './python-environment.js';

/**
 * metrics.json `not_runnable`: problems whose libraries do not import here (e.g. DS-1000's
 * TensorFlow ones: not in Debian). Left out of the score, never counted as failures.
 */
export interface NotRunnable {
  problems: number;
  /** Each missing module (or 'network'): why it is missing, and the problems that need it. */
  missing: Record<string, { error: string; problems: string[] }>;
  hint: string;
}

/** What Task.requires names for a problem that needs the network: the sandbox never has it. */
export const NETWORK = 'network';
const NO_NETWORK = 'programs run without network access (a sandbox rule, not a missing package)';

/**
 * The problems whose programs can run here (Task.requires names what each needs: a module of
 * the task's environment that does not import, or the network, makes them not runnable), and
 * what is left out. Everything is runnable for tasks without `requires`.
 */
export async function runnableProblems<P extends Problem>(
  task: Task,
  problems: readonly P[],
  pythonEnv?: string,
): Promise<{ runnable: P[]; notRunnable?: NotRunnable }> {
  if (task.requires === undefined) return { runnable: [...problems] };
  const errors: Record<string, string> = {
    ...(await missingModules(task, pythonEnv)),
    [NETWORK]: NO_NETWORK,
  };
  const runnable: P[] = [];
  const missing: NotRunnable['missing'] = {};
  for (const problem of problems) {
    const lacking = task.requires(problem).filter((name) => errors[name] !== undefined);
    if (lacking.length === 0) runnable.push(problem);
    for (const name of lacking) {
      missing[name] ??= { error: errors[name]!, problems: [] };
      missing[name].problems.push(problem.id);
    }
  }
  const left = problems.length - runnable.length;
  if (left === 0) return { runnable };
  const hint = `for missing modules: scripts/setup.sh --task ${task.name}, or --python-env DIR with a venv that has them`;
  return { runnable, notRunnable: { problems: left, missing, hint } };
}

/**
 * The problems whose reference imports no module of the task's environment that is missing here:
 * the preflight's known-good programs (a reference that cannot import its library would fail the
 * engine's check for the machine's sake, not the engine's). All of them for a task without one.
 */
export async function referencesRunnableHere<P extends Problem>(
  task: Task,
  problems: readonly P[],
  pythonEnv?: string,
): Promise<P[]> {
  if (task.environment === undefined) return [...problems];
  const missing = await missingModules(task, pythonEnv);
  return problems.filter((p) => !importedModules(p.reference ?? '').some((m) => m in missing));
}

const IMPORT_LINE = /^[ \t]*(?:import[ \t]+([^\n#]+)|from[ \t]+([A-Za-z_]\w*))/gm;

/** The top-level package of every `import a.b, c as d` and `from e.f import …` line in `source`. */
export function importedModules(source: string): string[] {
  const names = new Set<string>();
  for (const [, imported, from] of source.matchAll(IMPORT_LINE)) {
    if (from !== undefined) names.add(from);
    for (const part of imported?.split(',') ?? []) {
      const name = /^\s*([A-Za-z_]\w*)/.exec(part)?.[1];
      if (name !== undefined) names.add(name);
    }
  }
  return [...names];
}

/** The environment's modules that do not import here, with why (the probe's error). */
async function missingModules(task: Task, pythonEnv?: string): Promise<Record<string, string>> {
  if (task.environment === undefined) return {};
  const interpreter = await defaultInterpreter();
  const resolved = await resolvePythonEnvironment(task.environment.python, {
    interpreter,
    ...(pythonEnv === undefined ? {} : { venv: pythonEnv }),
  });
  const missing: Record<string, string> = {};
  for (const [name, version] of Object.entries(resolved.modules)) {
    if (version === null) missing[name] = resolved.errors[name] ?? 'does not import';
  }
  return missing;
}

/** The run warning for problems left out as not runnable. */
export function notRunnableMessage(info: NotRunnable): string {
  const missing = Object.entries(info.missing)
    .map(([name, { problems }]) => `${name} (${problems.length})`)
    .join(', ');
  return `${info.problems} problems are not runnable here and are left out of the score (not failed): they need ${missing}; ${info.hint}`;
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
