import { createRegistry } from '../../core/registry.js';
import type { RuntimeInstall } from '../runtimes/types.js';
import type { Sandbox } from './types.js';

/** Makes a sandbox for one runtime; may probe the machine and throw SandboxError. */
export type SandboxFactory = (runtime: RuntimeInstall, workers: number) => Promise<Sandbox>;

/**
 * Sandbox backends, strongest first. 'bwrap' is the default; the others are weaker and only
 * used when asked for by name.
 */
export const sandboxes = createRegistry<SandboxFactory>('sandbox');
sandboxes.register('bwrap', async () => {
  const { createBwrapSandbox, probeBwrap } = await import('./bwrap.js');
  return async (runtime, workers) => {
    await probeBwrap(runtime);
    return createBwrapSandbox(runtime, workers);
  };
});
sandboxes.register('process', async () => {
  const { createProcessSandbox } = await import('./process.js');
  return async (runtime, workers) => createProcessSandbox(runtime, workers);
});
sandboxes.register('subprocess', async () => {
  const { createSubprocessSandbox } = await import('./subprocess.js');
  return async (runtime, workers) => createSubprocessSandbox(runtime, workers);
});

export const DEFAULT_SANDBOX = 'bwrap';
export type { ProgramRequest, RawOutcome, ResolvedLimits, Sandbox, Slot } from './types.js';
