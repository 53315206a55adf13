import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/**
 * BigCodeBench (v0.1.4, calibrated, as upstream) and BigCodeBench-Hard; `-v0.1.0_hf` for the
 * first release (the uncalibrated mode is a library option: bigcodebench({ calibrated: false })).
 */
const loaders: Record<string, () => Promise<Task>> = {};
for (const subset of ['full', 'hard'] as const) {
  for (const split of ['complete', 'instruct'] as const) {
    const name = `bigcodebench${subset === 'hard' ? '-hard' : ''}-${split}`;
    loaders[name] = async () => (await import('./task.js')).bigcodebench({ split, subset });
    if (subset === 'full') {
      loaders[`${name}-v0.1.0_hf`] = async () =>
        (await import('./task.js')).bigcodebench({ split, subset, version: 'v0.1.0_hf' });
    }
  }
}
export const family = familyOf('bigcodebench', loaders);
