// The worker's wire types live with its protocol (worker/protocol.ts); re-exported for the
// sandboxes and runtimes that speak it.
export type {
  BatchStep,
  CompileInfo,
  ExecPlan,
  ExecStep,
  ProgramPlan,
  ProgramRequest,
  RawOutcome,
  ResolvedLimits,
} from '../worker/protocol.js';

import type { LimitsInForce } from '../types.js';

import type { ProgramRequest, RawOutcome } from '../worker/protocol.js';

/**
 * One concurrency slot: runs one program at a time. `run` rejects with SandboxError when the
 * slot itself broke (worker died, hung, could not start); the slot then restarts on next use.
 */
export interface Slot {
  run(request: ProgramRequest): Promise<RawOutcome>;
  /** True when the slot's worker runs outside-judged requests (a fork server; not `subprocess`). */
  readonly judgesOutside?: boolean;
  close(): Promise<void>;
}

/** A sandbox backend: how slots are made and what isolation they give. */
export interface Sandbox {
  readonly name: string;
  /** Recorded in ExecutorInfo: 'namespaces' for bwrap, 'process' for the weaker backends. */
  readonly isolation: string;
  /** Which memory limit is in force, e.g. 'cgroup-v1 per slot + RLIMIT_AS' (ExecutorInfo). */
  readonly memoryLimit?: string;
  /** Per limit, how it is enforced (ExecutorInfo); absent: rlimits only (see rlimitsOnly). */
  readonly limits?: LimitsInForce;
  createSlot(index: number): Slot;
  close(): Promise<void>;
}
