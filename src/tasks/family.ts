import type { z } from 'zod';
import { RuntimeMissingError } from '../core/errors.js';
import type { Registry } from '../core/registry.js';
import type { DatasetSpec } from '../datasets/types.js';
import type { Task } from './types.js';

/**
 * A benchmark family: one folder under src/tasks/ whose family.ts names every task it provides
 * (old names included) and loads one of them on demand. Importing a family.ts must stay cheap
 * (no dataset, no task module): the registry imports every family to list the names.
 */
export interface Family {
  readonly name: string;
  /** Every task name this family provides, computed when the registry is built. */
  names(): readonly string[];
  /** The task registered under `name` (one of names()). */
  load(name: string): Promise<Task>;
  /**
   * Its documented differences from the reference harness for `task` (one of its tasks), recorded
   * in metrics.json `reference_differences` after the Python rows of tasks/differences.ts.
   */
  differences?(task: Task): readonly string[];
  /** The parameters its tasks take (`--task-arg key=value`), checked at the edge. */
  readonly params?: z.ZodObject;
  /** The registered task name that `name` with these (validated) parameters selects. */
  withParams?(name: string, params: Record<string, unknown>): string;
  /** The parameters task `name` (one of names()) runs with, defaults filled: metrics.json `task_params`. */
  paramsOf?(name: string): Record<string, unknown>;
  /**
   * Tasks of the benchmark that passk cannot run on this machine, by name (never among names()):
   * `passk tasks` lists them with the reason, and naming one (`run`, `doctor --task`) says it.
   */
  readonly unavailable?: Readonly<Record<string, UnavailableTask>>;
}

/** A task of a benchmark that passk cannot run here, and why. */
export interface UnavailableTask {
  language: string;
  /** What is missing, as checked (e.g. "Dart has no Debian 12 package (apt-cache policy dart)"). */
  reason: string;
  /** Its data, where passk has it: `passk tasks` counts its problems. */
  dataset?: DatasetSpec;
}

/** A task a family names as unavailable here (Family.unavailable) was asked for. */
export class TaskUnavailableError extends RuntimeMissingError {
  constructor(name: string, task: UnavailableTask) {
    super(`${name} cannot run on this machine: ${task.reason}`, {
      hint: 'see `passk tasks` for the tasks that run here',
    });
    this.name = 'TaskUnavailableError';
  }
}

/** The unavailable task `name` of one of `families`, if one names it. */
export function unavailableTask(
  families: readonly Family[],
  name: string,
): UnavailableTask | undefined {
  for (const family of families) {
    const task = family.unavailable?.[name];
    if (task) return task;
  }
  return undefined;
}

/**
 * A family whose tasks are a fixed name → loader table; `family` is its name, or its name with
 * the tasks it knows but cannot run here (Family.unavailable).
 */
export function familyOf(
  family: string | { name: string; unavailable: Readonly<Record<string, UnavailableTask>> },
  loaders: Record<string, () => Promise<Task>>,
): Family {
  const name = typeof family === 'string' ? family : family.name;
  return {
    name,
    names: () => Object.keys(loaders),
    load: (task) => {
      const loader = loaders[task];
      if (!loader) throw new Error(`family ${name} has no task '${task}'`);
      return loader();
    },
    ...(typeof family === 'string' ? {} : { unavailable: family.unavailable }),
  };
}

/** Registers every name of every family into `registry`, each loaded by its family on first use. */
export function registerFamilies(registry: Registry<Task>, families: readonly Family[]): void {
  for (const family of families) {
    for (const name of family.names()) registry.register(name, () => family.load(name));
  }
}
