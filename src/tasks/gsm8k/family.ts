import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** PAL-GSM8K (bigcode's pal-gsm8k-greedy / -majority_voting): accuracy and maj@k, not pass@k. */
export const family = familyOf(
  'gsm8k',
  Object.fromEntries(
    (['greedy', 'majority_voting'] as const).map((rule) => [
      `pal-gsm8k-${rule}`,
      async (): Promise<Task> => (await import('./task.js')).palGsm8k(rule),
    ]),
  ),
);
