// The runtime registry now lives in languages/ (one folder per language); this re-export keeps
// older import paths working while the runtimes move into their language folders.
export { runtimes } from '../languages/index.js';
export type {
  Canaries,
  Diagnosis,
  FreshProcessRunner,
  ProgramAdapter,
  ResolvedRuntime,
  Runtime,
  Toolchain,
  WorkerFlags,
} from './types.js';
