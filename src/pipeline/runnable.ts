import { resolvePythonEnvironment } from '../execution/index.js';
import type { Problem, Task } from '../tasks/types.js';
import { defaultInterpreter } from './python-environment.js';

/**
 * metrics.json `not_runnable`: problems whose libraries do not import here (e.g. DS-1000's
 * TensorFlow ones: not in Debian). They stay in the run and count in n as failures, as the
 * reference harnesses count them (their programs fail on the import); metrics.json `runnable`
 * has pass@k over the others beside the score.
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
 * why the others cannot. Everything is runnable for tasks without `requires`.
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
 * The problems whose reference can run here: the preflight's known-good programs (a reference
 * that cannot import its library would fail the engine's check for the machine's sake, not the
 * engine's). What Task.requires names for the problem (its tests' modules too) and each
 * environment module the reference imports must import here. All for a task without one.
 */
export async function referencesRunnableHere<P extends Problem>(
  task: Task,
  problems: readonly P[],
  pythonEnv?: string,
): Promise<P[]> {
  return (await referenceCanaries(task, problems, pythonEnv)).runnable;
}

/**
 * referencesRunnableHere, with the missing modules that kept the others out (with why), so that
 * a run whose references all need one can say which instead of running none in silence.
 */
export async function referenceCanaries<P extends Problem>(
  task: Task,
  problems: readonly P[],
  pythonEnv?: string,
): Promise<{ runnable: P[]; missing: Record<string, string> }> {
  if (task.environment === undefined) return { runnable: [...problems], missing: {} };
  const errors: Record<string, string> = {
    ...(await missingModules(task, pythonEnv)),
    [NETWORK]: NO_NETWORK,
  };
  const needs = (p: P) => [
    ...(task.requires?.(p) ?? []),
    ...importedModules(p.reference ?? '').filter((m) => m !== NETWORK),
  ];
  const runnable: P[] = [];
  const missing: Record<string, string> = {};
  for (const problem of problems) {
    const lacking = needs(problem).filter((name) => errors[name] !== undefined);
    if (lacking.length === 0) runnable.push(problem);
    for (const name of lacking) missing[name] = errors[name]!;
  }
  return { runnable, missing };
}

/** The warning when no reference can be a preflight canary: each needs a module missing here. */
export function noReferenceCanaryMessage(task: Task, missing: Record<string, string>): string {
  const names = Object.entries(missing)
    .map(([name, error]) => `${name} (${error})`)
    .join('; ');
  return `the preflight runs none of the selected problems' references: each needs what this machine lacks: ${names}; scripts/setup.sh --task ${task.name}, or --python-env DIR with a venv that has them`;
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

/**
 * The run warning for problems that cannot run here: they count as failures (`total`: the
 * problems of the run), and the pass@k over the others is shown beside the score.
 */
export function notRunnableMessage(info: NotRunnable, total: number): string {
  const missing = Object.entries(info.missing)
    .map(([name, { problems }]) => `${name} (${problems.length})`)
    .join(', ');
  const left = total - info.problems;
  const beside =
    left > 0
      ? `pass@k over the ${left} runnable ones is shown beside the score (metrics.json runnable); `
      : '';
  return `${info.problems} of these ${total} problems cannot run here and count as failures, as the reference harness counts them (so at most ${percent(left, total)} can pass): they need ${missing}; ${beside}${info.hint}`;
}

function percent(part: number, total: number): string {
  return `${total === 0 ? '0.0' : ((100 * part) / total).toFixed(1)}%`;
}
