import { createRegistry } from '../../core/registry.js';
import type { Toolchain } from '../languages/kit/types.js';
import type { Sandbox } from './types.js';

/** Makes a sandbox for one toolchain's workers; may probe the machine and throw SandboxError. */
export type SandboxFactory = (toolchain: Toolchain, workers: number) => Promise<Sandbox>;

/**
 * Sandbox backends, strongest first. 'bwrap' is the default; the others are weaker and only
 * used when asked for by name.
 */
export const sandboxes = createRegistry<SandboxFactory>('sandbox');
sandboxes.register('bwrap', async () => {
  const { checkBwrapInstalled, createBwrapSandbox, probeBwrap } = await import('./bwrap.js');
  return async (toolchain, workers) => {
    checkBwrapInstalled(toolchain);
    // The probe (a bwrap and a Python start) runs beside the first worker's start (check()).
    return { ...createBwrapSandbox(toolchain, workers), check: () => probeBwrap(toolchain) };
  };
});
sandboxes.register('process', async () => {
  const { createProcessSandbox } = await import('./process.js');
  return async (toolchain, workers) => createProcessSandbox(toolchain, workers);
});
sandboxes.register('subprocess', async () => {
  const { createSubprocessSandbox } = await import('./subprocess.js');
  return async (toolchain, workers) => createSubprocessSandbox(toolchain, workers);
});

export const DEFAULT_SANDBOX = 'bwrap';
export type {
  ProgramPlan,
  ProgramRequest,
  RawOutcome,
  ResolvedLimits,
  Sandbox,
  Slot,
} from './types.js';
