import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor.js';
import { defaultSlots, PYTHON_SLOTS_PER_CORE } from './slots.js';

describe('default slots (--workers not given)', () => {
  it('gives plain Python on warm workers two per core, everything else one', () => {
    const plain = { language: 'python', environment: false, warm: true } as const;
    expect(defaultSlots(plain, 3)).toBe(PYTHON_SLOTS_PER_CORE * 3);
    expect(defaultSlots({ ...plain, environment: true }, 3)).toBe(3);
    expect(defaultSlots({ ...plain, warm: false }, 3)).toBe(3);
    expect(defaultSlots({ ...plain, language: 'kotlin' }, 3)).toBe(3);
  });

  it('is what an executor made without workers uses, and a given number overrides it', async () => {
    const cores = availableParallelism();
    const byDefault = await createExecutor({ allowCodeExecution: true, cacheDir: false });
    const given = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
    try {
      expect(byDefault.info.workers).toBe(PYTHON_SLOTS_PER_CORE * cores);
      expect(given.info.workers).toBe(1);
    } finally {
      await Promise.all([byDefault.close(), given.close()]);
    }
  });
});
