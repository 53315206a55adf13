import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** HumanEval-X: multi-language HumanEval with canonical solutions. */
const DIRS = ['cpp', 'go', 'java', 'js', 'rust'] as const;
export const family = familyOf(
  'humaneval-x',
  Object.fromEntries(
    DIRS.map((dir) => [
      `humaneval-x-${dir}`,
      async (): Promise<Task> => (await import('./task.js')).humanEvalX(dir),
    ]),
  ),
);
