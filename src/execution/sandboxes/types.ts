import type { ExecLimits } from '../types.js';

/** ExecLimits with every optional limit filled in, as sent to a runner. */
export interface ResolvedLimits extends Required<ExecLimits> {
  /** RLIMIT_CPU soft limit, derived from the wall-clock limit. */
  cpuSeconds: number;
}

/** One program, ready for a slot. */
export interface ProgramRequest {
  source: string;
  /** Random per program: only result lines carrying it count as the runner's report. */
  nonce: string;
  limits: ResolvedLimits;
}

/** What happened to one program, before classification (see verdict.ts). */
export interface RawOutcome {
  exitCode: number | null;
  signal: string | null;
  /** The harness killed it at the wall-clock limit. */
  timedOut: boolean;
  /** The harness killed it for writing more than the output cap. */
  outputExceeded: boolean;
  /** Raw text of the dedicated result channel (JSON lines tagged with the nonce). */
  report: string;
  /** The end of stderr (a traceback, usually). */
  stderrTail: string;
  durationMs: number;
  cpuMs?: number;
}

/**
 * One concurrency slot: runs one program at a time. `run` rejects with SandboxError when the
 * slot itself broke (worker died, hung, could not start); the slot then restarts on next use.
 */
export interface Slot {
  run(request: ProgramRequest): Promise<RawOutcome>;
  close(): Promise<void>;
}

/** A sandbox backend: how slots are made and what isolation they give. */
export interface Sandbox {
  readonly name: string;
  /** Recorded in ExecutorInfo: 'namespaces' for bwrap, 'process' for the weaker backends. */
  readonly isolation: string;
  createSlot(index: number): Slot;
  close(): Promise<void>;
}
