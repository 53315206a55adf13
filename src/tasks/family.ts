import type { z } from 'zod';
import type { Registry } from '../core/registry.js';
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
}

/** A family whose tasks are a fixed name → loader table. */
export function familyOf(name: string, loaders: Record<string, () => Promise<Task>>): Family {
  return {
    name,
    names: () => Object.keys(loaders),
    load: (task) => {
      const loader = loaders[task];
      if (!loader) throw new Error(`family ${name} has no task '${task}'`);
      return loader();
    },
  };
}

/** Registers every name of every family into `registry`, each loaded by its family on first use. */
export function registerFamilies(registry: Registry<Task>, families: readonly Family[]): void {
  for (const family of families) {
    for (const name of family.names()) registry.register(name, () => family.load(name));
  }
}
