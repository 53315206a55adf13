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
  /**
   * Starts the slot's worker now, before its first program, so that its start overlaps other
   * work (the sandbox check, the dataset load); a failed start is retried by the first run.
   */
  warm?(): void;
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
  /**
   * Checks that the sandbox can be built here (SandboxError saying why not). createExecutor
   * awaits it while the first worker starts, so a check and a start are not paid one after the
   * other; no program runs before it has passed.
   */
  check?(): Promise<void>;
  close(): Promise<void>;
}
