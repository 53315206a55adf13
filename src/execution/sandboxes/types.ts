import type { ExecLimits } from '../types.js';

/** ExecLimits with every optional limit filled in, as sent to a runner. */
export interface ResolvedLimits extends Required<ExecLimits> {
  /** RLIMIT_CPU soft limit, derived from the wall-clock limit. */
  cpuSeconds: number;
}

/**
 * What a slot's worker runs for one program, as the language's ProgramAdapter planned it: either
 * source the worker runs itself (Python's fork server, worker.py) or real processes, written,
 * compiled and run by exec_worker.py. The field names are the workers' wire protocol.
 */
export type ProgramPlan = { source: string; plan?: never } | { plan: ExecPlan; source?: never };

/** One program, ready for a slot. */
export type ProgramRequest = ProgramPlan & {
  /** Random per program: only result lines carrying it count as the runner's report. */
  nonce: string;
  limits: ResolvedLimits;
  /**
   * Outside judging (Python workers): `source` is the candidate's module and these are the tests.
   * The slot sends them only when the worker asks, after it forked the candidate's process
   * (worker/judge_pair.py), and only its judge child reads them.
   */
  tests?: string;
  /** Outside judging: names the judge resolves to the candidate's even over a builtin. */
  entryPoints?: string[];
};

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
  /** Time the program's main thread was runnable but waiting for a CPU (Linux schedstat). */
  waitMs?: number;
  /** The compile step's result, for compiled languages (absent when there is none). */
  compile?: CompileInfo;
  /** The kernel killed it at the slot's memory cgroup limit (see sandboxes/cgroup.ts). */
  memoryExceeded?: boolean;
  /** What it left could not be cleaned up within bounds: its error; the slot is rebuilt. */
  cleanupFailed?: string;
  /** Its files could not be written (e.g. larger than the scratch tmpfs): its error. */
  writeFailed?: string;
  /** The worker asks to be replaced before the next program (filled or poisoned slot). */
  rebuild?: boolean;
  /** 'outside': `report` is the judge process's verdict lines (worker/judge_process.py). */
  placement?: 'outside';
  /** Outside judging: the candidate's process ended on its own (not killed by the worker). */
  serverEnded?: boolean;
  /** Outside judging: the judge's exit status when not 0, and the end of its stderr. */
  judgeExit?: number;
  judgeStderr?: string;
}

/**
 * One process of a plan. The worker fills in `{scratch}` (the program's dir), in the run step
 * `{artifacts}` (the dir holding the compile outputs) and in the compile step `{cache}` (the
 * artifact cache root, read-only for programs; the scratch dir when there is no cache).
 */
export interface ExecStep {
  argv: string[];
  env?: Record<string, string>;
  /** Limits that differ from the program's (e.g. a larger address space for a JIT runtime). */
  limits?: Partial<ResolvedLimits>;
}

/**
 * How exec_worker.py runs one program: `files` are written into a fresh scratch dir (the cwd of
 * both steps); `compile` runs first, and its `outputs` (paths relative to the scratch dir) are
 * cached under `key` in the artifact cache; `run` then runs with `{artifacts}` naming the dir that
 * holds them. The run step gets its nonce in a pipe on fd 5 (read and closed by the harness before the
 * program runs) and fd 3 as the result channel.
 */
export interface ExecPlan {
  files: Record<string, string>;
  compile?: ExecStep & { key: string; outputs: string[]; limits: ResolvedLimits };
  run: ExecStep;
  /** A build shared with other programs of the run (runtimes/batch.ts); tried before `compile`. */
  batch?: BatchStep;
}

/**
 * One compiler invocation for several programs. The worker builds it (in `{scratch}/batch`, from
 * `files`) once, caches its `outputs` under `key`, and runs `run` with `{artifacts}` naming them
 * when the outputs' `members` file lists `member`; otherwise (this program was left out of the
 * batch, or the batch did not build) it compiles the program alone with `compile`.
 */
export interface BatchStep extends ExecStep {
  key: string;
  files: Record<string, string>;
  outputs: string[];
  limits: ResolvedLimits;
  member: string;
  run: ExecStep;
}

/** What the compile step did. `cached`: answered from the artifact cache, nothing ran. */
export interface CompileInfo {
  ok: boolean;
  cached: boolean;
  timedOut?: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string;
  durationMs: number;
}

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
  createSlot(index: number): Slot;
  close(): Promise<void>;
}
