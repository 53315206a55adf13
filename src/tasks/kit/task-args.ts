import { ConfigError } from '../../core/errors.js';
import { families } from '../index.js';

/** `--task-arg key=value` pairs as a record; a pair without `=` is a ConfigError. */
export function parseTaskArgs(pairs: readonly string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new ConfigError(`--task-arg '${pair}' is not key=value`);
    args[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return args;
}

/**
 * The parameters registered task `task` runs with (its family's `paramsOf`), for metrics.json
 * `task_params`; undefined for a task whose family takes none (or a task from a file).
 */
export function taskParamsOf(task: string): Record<string, unknown> | undefined {
  const family = families.find((candidate) => candidate.names().includes(task));
  return family?.paramsOf?.(task);
}

/**
 * The registered task name that `task` with these parameters selects, validated against its
 * family's params schema. Unknown key or bad value: one ConfigError line naming the allowed keys.
 */
export function applyTaskParams(task: string, params: Record<string, unknown>): string {
  if (Object.keys(params).length === 0) return task;
  const family = families.find((candidate) => candidate.names().includes(task));
  const schema = family?.params;
  if (!family || !schema || !family.withParams) {
    throw new ConfigError(`task '${task}' takes no parameters (--task-arg)`);
  }
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problem =
      issue?.code === 'unrecognized_keys'
        ? `unknown key '${issue.keys.join("', '")}'`
        : `'${issue?.path.join('.')}': ${issue?.message ?? 'invalid'}`;
    throw new ConfigError(
      `bad --task-arg for ${task}: ${problem}; allowed keys: ${Object.keys(schema.shape).join(', ')}`,
    );
  }
  const selected = family.withParams(task, parsed.data);
  if (!family.names().includes(selected)) {
    throw new ConfigError(`--task-arg selects no task for ${task} (no task '${selected}')`);
  }
  return selected;
}
