/**
 * The execution layer: runs untrusted programs and returns verdicts. Entry points for the
 * pipeline: createExecutor (opt-in gate, sandbox choice) and runPreflight (canaries).
 */
export { defaultArtifactsDir, defaultCacheDir, ENGINE_VERSION } from './cache.js';
export {
  checkVenvDir,
  DEBIAN_DIST_PACKAGES,
  ENVIRONMENT_MEMORY_BYTES,
  resolvePythonEnvironment,
} from './environments/resolve.js';
export type * from './environments/types.js';
export { createExecutor } from './executor.js';
export { runtimes } from './languages/index.js';
export type {
  ProgramAdapter,
  ResolvedRuntime,
  Runtime,
  Toolchain,
} from './languages/kit/types.js';
export { type PreflightOptions, type PreflightReport, runPreflight } from './preflight.js';
export { DEFAULT_SANDBOX, sandboxes } from './sandboxes/index.js';
export { defaultSlots, PYTHON_SLOTS_PER_CORE, type SlotKind } from './slots.js';
export type * from './types.js';
