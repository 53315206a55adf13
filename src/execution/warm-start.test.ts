/**
 * Issue 30: an executor asked to warm an engine starts that engine's first worker while the
 * sandbox is checked (not at the first program), and a failed check leaves no worker behind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../core/errors.js';
import { createExecutor } from './index.js';
import { sandboxes } from './sandboxes/index.js';
import type { Executor } from './types.js';
import { mostWarmWorkers, warmWorkers } from './warm-workers.test-helpers.js';

/** Until `ok()` holds (a worker's start, or its exit, takes a moment), or 30 s passed. */
async function until(ok: () => boolean): Promise<boolean> {
  for (let i = 0; i < 300; i++) {
    if (ok()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ok();
}

sandboxes.register('process-failing-check', async () => {
  const { createProcessSandbox } = await import('./sandboxes/process.js');
  return async (toolchain, workers) => ({
    ...createProcessSandbox(toolchain, workers),
    check: async () => {
      throw new SandboxError('this sandbox fails its check');
    },
  });
});

let executor: Executor | undefined;
afterEach(async () => {
  await executor?.close();
  executor = undefined;
});

describe('createExecutor({ warm })', () => {
  it("starts the warmed engine's first worker before any program", async () => {
    const before = warmWorkers().length;
    executor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 2,
      warm: { language: 'python' },
    });
    // one worker (the first slot's), started by createExecutor itself
    expect(await until(() => warmWorkers().length === before + 1)).toBe(true);
    await executor.close();
    executor = undefined;
    expect(await until(() => warmWorkers().length === before)).toBe(true);
  });

  it('starts no worker without it', async () => {
    const before = warmWorkers().length;
    executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
    expect(await mostWarmWorkers()).toBe(before);
  });

  it('closes the warmed worker when the sandbox fails its check', async () => {
    const before = warmWorkers().length;
    const made = createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      sandbox: 'process-failing-check',
      warm: { language: 'python' },
    });
    await expect(made).rejects.toThrow(/this sandbox fails its check/);
    expect(await mostWarmWorkers()).toBe(before);
  });
});
