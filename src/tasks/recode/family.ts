import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** ReCode (bigcode's perturbed-humaneval-CATEGORY-num_seeds_N; N = 1, 5 and 10 registered). */
const loaders: Record<string, () => Promise<Task>> = {};
for (const category of ['format', 'func_name', 'natgen', 'nlaugmenter'] as const) {
  for (const seeds of [1, 5, 10]) {
    loaders[`perturbed-humaneval-${category}-num_seeds_${seeds}`] = async () =>
      (await import('./task.js')).recode(category, seeds);
  }
}
export const family = familyOf('recode', loaders);
