import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** HumanEval Pro / MBPP Pro / BigCodeBench-Lite Pro (CodeEval-Pro): self-invoking problems. */
export const family = familyOf(
  'codeeval-pro',
  Object.fromEntries(
    (['humaneval-pro', 'mbpp-pro', 'bigcodebench-lite-pro'] as const).map((name) => [
      name,
      async (): Promise<Task> => (await import('./task.js')).codeEvalPro(name),
    ]),
  ),
);
