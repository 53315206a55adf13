import type { ExecEnvironment } from './environments/types.js';
import type { OutputJudge } from './judge.js';
import type { PreflightContext } from './preflight-cache.js';
import type { ReferenceSemantics } from './python-reference.js';
import type { ReferenceRules } from './reference-rules.js';

/** Languages passk can run. Open union: a runtime plugin may add its own. */
export type Language =
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'cpp'
  | 'java'
  | 'go'
  | 'rust'
  | 'shell'
  | 'php'
  | 'ruby'
  | 'lua'
  | (string & {});

/** Everything needed to run one candidate against its tests. */
export interface Program {
  language: Language;
  /**
   * The candidate followed by the task's test code. The runtime, not the task, appends the
   * end-of-tests sentinel, so a task cannot forget it.
   */
  source: string;
  /**
   * Judges the program's outputs outside its process (see judge.ts): the verdict is then
   * decided in passk, from what the program wrote on the result channel.
   */
  judge?: OutputJudge;
  /**
   * A multi-file program (an Exercism exercise: solution, tests, build files), by relative path,
   * run by a runtime that takes files (`exercism-*`). `source` is then no file: it is hashed with
   * them (the preflight puts a distinct comment there) and never run.
   */
  files?: Readonly<Record<string, string>>;
  /**
   * Python: the reference harness whose program semantics the program runs under (its guard,
   * stdin, when the verdict is decided; python-reference.ts). Sent to the worker beside the
   * source, never inside it, and part of the verdict cache key. Absent: passk's own semantics.
   */
  semantics?: ReferenceSemantics;
  /**
   * Outside judging (Python): the candidate's module and the test code, apart. When set (and the
   * sandbox has warm workers), the candidate runs as a function server in its own sandboxed
   * process and the tests run verbatim in a judge process that holds no candidate code (see
   * docs/security.md, "Outside judging (Python)"); `source` is then only the in-process program
   * used where outside judging cannot run (the `subprocess` sandbox, a fallback the judge asks for).
   */
  functionServer?: FunctionServerProgram;
  /**
   * Libraries beyond the standard library (Python): copied from `Task.environment` by the
   * pipeline. Programs with one run in their own worker pool with the libraries mounted
   * read-only; it is part of the verdict cache key. Absent: standard library only.
   */
  environment?: ExecEnvironment;
  /**
   * The reference harness's own pass rules (reference-rules.ts: what it reads on stderr, loose
   * equality), applied after passk's verdict; part of the verdict cache key.
   */
  referenceRules?: ReferenceRules;
}

/** A Python program split for outside judging: no marker, two sources. */
export interface FunctionServerProgram {
  /** The candidate's module: prompt + completion (run under the program's `semantics`). */
  candidate: string;
  /** The task's test code, run verbatim in the judge process; never enters the candidate's process. */
  tests: string;
  /**
   * Names the tests mean as the candidate's even where a builtin has that name (the function
   * under test, e.g. MBPP/126's `sum`). Every other builtin name stays the builtin in the judge.
   */
  entryPoints?: string[];
}

/** Where a verdict was decided: a judge process apart from the candidate, or the candidate's own. */
export type JudgePlacement = 'outside' | 'in-process';

/** Per-program limits. All are enforced from outside the program. */
export interface ExecLimits {
  /**
   * Time limit; the whole process group is killed when it passes. The warm workers count the
   * program's own time (wall minus the time it waited for a CPU, see docs/security.md), the
   * `subprocess` backend and compile steps the wall clock.
   */
  timeoutMs: number;
  /** Address-space limit in bytes. */
  memoryBytes: number;
  /** Cap on captured stdout and on captured stderr, each, in bytes. */
  outputBytes: number;
  /** Processes (and threads) the program's uid may have at once; default 64. Needs a uid drop. */
  maxProcesses?: number;
  /** Largest file the program may write, in bytes; default 64 MiB. */
  maxFileBytes?: number;
  /** Open file descriptors; default 256. */
  maxOpenFiles?: number;
  /**
   * Wall-clock backstop of a program starved of CPU, as a multiple of timeoutMs; default 10
   * (WALL_BACKSTOP_FACTOR). 1: a plain wall-clock limit.
   */
  wallFactor?: number;
}

export type VerdictStatus =
  /** The test code ran to its last statement (sentinel seen) and the process exited 0. */
  | 'passed'
  /** An assertion in the tests failed. */
  | 'failed'
  /** Any other exception or non-zero exit (errorType says which: NameError, SyntaxError, …). */
  | 'error'
  /** Killed at the time limit (own time: wall minus waiting for a CPU, or the wall clock; see docs/security.md). */
  | 'timeout'
  /** Ran out of the memory limit (MemoryError or the kernel's kill). */
  | 'memory'
  /** Ended by a signal the harness did not send (e.g. SIGSEGV, or it killed itself). */
  | 'killed'
  /** Wrote more than the output cap. */
  | 'output-limit'
  /** TypeScript only: the program does not type-check (strict); its test result is in the message. */
  | 'type-error'
  /** Exited before the tests finished (early exit(0), os._exit, SystemExit): never a pass. */
  | 'incomplete'
  /** The sandbox itself failed for this program even after a retry; not the program's fault. */
  | 'infra-error';

/**
 * Why a verdict is flagged as an attack on the harness (docs/security.md, "Tamper flags"). Open
 * union: a runtime may name a new class without a change here.
 */
export type TamperReason =
  /** The tests' assertion machinery was rebound (a local `assert`, `__assert_fail`, a `Debug` class). */
  | 'assert-rebound'
  /** Builtins or the runner's own objects were patched while the tests ran. */
  | 'builtins-patched'
  /** A trace or profile hook was installed during the tests. */
  | 'trace-hook'
  /** The result channel's file descriptor was touched (dup2 over it, closed, re-pointed). */
  | 'result-fd'
  /** A result line the runner did not write (a forged end or failure event). */
  | 'forged-event'
  /** A top-level `return` ended the module before the tests. */
  | 'top-level-return'
  /** `//go:linkname` into the generated test main. */
  | 'linkname'
  | (string & {});

export interface Verdict {
  status: VerdictStatus;
  /** Exception class or failure kind, e.g. 'AssertionError', 'NameError', 'SystemExit'. */
  errorType?: string;
  /** A short, single-line description (at most a few hundred characters). */
  message?: string;
  /**
   * The end of the test output (multi-line), kept only by runtimes that say a failure in their
   * output (exercism-*): a feedback task sends it back to the model.
   */
  output?: string;
  /**
   * Python programs that did not pass, with --keep-tracebacks (ExecutorOptions.keepTracebacks):
   * the end of their stderr, the whole traceback. Without it the runner prints only its last line.
   */
  traceback?: string;
  /**
   * Set when the program did something only an attack on the harness does (rebinding assertion
   * machinery, touching the runner's objects or fds, trace/profile hooks during the tests, a
   * top-level return, linkname into the test main, a forged result line): the reason, e.g.
   * 'assert-rebound'. A verdict with a tamper reason is never 'passed' (tamper.ts); runs count
   * them (metrics.json `tamper`).
   */
  tamper?: TamperReason;
  /**
   * Set for programs with a `functionServer`: where the verdict was decided, and
   * `placementFallback` says why it fell back to in-process when it did.
   */
  placement?: JudgePlacement;
  placementFallback?: string;
  /** Wall time of the program, in milliseconds. */
  durationMs: number;
  /** CPU time (user + system) of the program, where the sandbox can measure it. */
  cpuMs?: number;
  /**
   * Time it was runnable but waiting for a CPU (the warm workers, from Linux
   * schedstat): the time limit is judged on `durationMs - waitMs`, the program's own time.
   */
  waitMs?: number;
  /** Exit status of the program's process, when it exited. */
  exitCode?: number;
  /** Signal that ended the program's process, e.g. 'SIGKILL', when one did. */
  signal?: string;
  /**
   * A timeout decided on the program's own CPU time (the stdio judge's per-test limit): load
   * cannot change it, so it is final like one that used its full budget (never re-run, cached).
   */
  finalTimeout?: boolean;
  /** True when a first-run timeout was run again and this verdict comes from that re-run. */
  rerun?: boolean;
  /** Why it was re-run: 'low-cpu' (used < 50% of the limit as CPU), 'overloaded' (CPU pressure high), 'no-cpu-measure'. */
  rerunReason?: 'low-cpu' | 'overloaded' | 'no-cpu-measure';
  /** For a re-run verdict: what the first run gave (a timeout) and how long it took. */
  firstAttempt?: { status: VerdictStatus; durationMs: number; cpuMs?: number };
}

/** One unit of work for the executor. `id` is the caller's key for the verdict. */
export interface ExecJob {
  id: string;
  program: Program;
  limits: ExecLimits;
  /** Expected wall time, if the caller knows it: longer jobs are scheduled first. */
  expectedMs?: number;
  /** false: a timeout is final, never re-run (e.g. the preflight's sleeper, which must time out). */
  rerunTimeout?: boolean;
}

export interface ExecutorInfo {
  /** Sandbox backend name: 'bwrap', 'process' or 'subprocess'. */
  sandbox: string;
  /** The isolation level actually in force; recorded in the metrics file. */
  isolation: string;
  workers: number;
  /** Which memory limit is in force, e.g. 'cgroup-v1 per slot + RLIMIT_AS' (docs/security.md). */
  memoryLimit?: string;
  /** The `passk serve` instances the programs run on (`--executor`), when not run here. */
  remote?: string[];
  /** Per limit, the mechanism that enforces it (`passk doctor` prints it). */
  limits?: LimitsInForce;
}

/** How one kind of limit is enforced: the strongest mechanism in force, and what exactly. */
export interface LimitEnforcement {
  via: 'cgroup-v2' | 'cgroup-v1' | 'rlimit';
  how: string;
}

/** The program limits a sandbox enforces, and why no cgroup hierarchy was used (if none was). */
export interface LimitsInForce {
  memory: LimitEnforcement;
  processes: LimitEnforcement;
  cpu: LimitEnforcement;
  notes: string[];
}

export interface RunJobsOptions {
  /** Called as each verdict is known (in completion order). */
  onVerdict?: (id: string, verdict: Verdict) => void;
  signal?: AbortSignal;
}

/** Counters over the executor's lifetime (all run() calls), for the report and the metrics file. */
export interface ExecutorStats {
  /** Jobs handed to run(). */
  jobs: number;
  /** Programs actually executed (first runs; timeout re-runs are counted separately). */
  executed: number;
  /**
   * Jobs whose verdict was shared from an identical job in the same run() (same source, language,
   * limits, sandbox). `executed + deduplicated + cacheHits === jobs`.
   */
  deduplicated: number;
  /** Distinct programs answered from the on-disk verdict cache. */
  cacheHits: number;
  /** Final timeout verdicts (after the re-run). */
  timeouts: number;
  /**
   * First-run timeouts that were run once more (alongside other work), because they may have been
   * starved: a timeout that used ≥ 90% of its limit as CPU is final and not re-run.
   */
  timeoutsRerun: number;
  /** Re-runs because the timeout used < 50% of its limit as CPU (rerunReason 'low-cpu'). */
  timeoutsRerunLowCpu: number;
  /** Re-runs because it used 50–90% while the machine's CPU pressure was high ('overloaded'). */
  timeoutsRerunOverloaded: number;
  /** Re-runs because the backend cannot measure a program's CPU ('no-cpu-measure'). */
  timeoutsRerunNoCpuMeasure: number;
  /** First-run timeouts that used ≥ 90% of their limit as CPU (final, and cached). */
  timeoutsFullCpu: number;
  /** Re-runs that did not time out again: the first timeout was the machine's fault. */
  timeoutsFlipped: number;
  /** Final infra-error verdicts. */
  infraErrors: number;
  /** Workers that died or hung and were replaced. */
  workerRestarts: number;
}

/** Every counter at 0: a new executor's (local or remote) before its first run(). */
export function zeroExecutorStats(): ExecutorStats {
  return {
    jobs: 0,
    executed: 0,
    deduplicated: 0,
    cacheHits: 0,
    timeouts: 0,
    timeoutsRerun: 0,
    timeoutsRerunLowCpu: 0,
    timeoutsRerunOverloaded: 0,
    timeoutsRerunNoCpuMeasure: 0,
    timeoutsFullCpu: 0,
    timeoutsFlipped: 0,
    infraErrors: 0,
    workerRestarts: 0,
  };
}

/** Runs programs on a sandbox with bounded concurrency, cancellation and infra-error retry. */
export interface Executor {
  readonly info: ExecutorInfo;
  /** Runs every job; resolves with one verdict per job id. */
  run(jobs: readonly ExecJob[], options?: RunJobsOptions): Promise<Map<string, Verdict>>;
  /** A snapshot of the counters so far. */
  stats(): ExecutorStats;
  /**
   * The engine's part of the preflight cache's fingerprint (preflight-cache.ts) for a language
   * and library environment; undefined, or absent, when passed preflights are not kept (no
   * artifact cache, a remote executor): the canaries then run every time.
   */
  preflightContext?(
    language: Language,
    environment?: ExecEnvironment,
  ): Promise<PreflightContext | undefined>;
  close(): Promise<void>;
}

export interface ExecutorOptions {
  /** Must be true, or createExecutor throws ExecutionDisabledError before starting anything. */
  allowCodeExecution: boolean;
  /**
   * Sandbox backend: 'bwrap' (default; warm workers in bubblewrap namespaces), 'process' (warm
   * workers, no namespaces) or 'subprocess' (a fresh interpreter per program). createExecutor
   * throws SandboxError when the chosen one cannot run here; it never silently falls back.
   */
  sandbox?: string;
  /** Concurrent programs; default: two per core for plain Python, one per core otherwise (slots.ts). */
  workers?: number;
  /**
   * Where verdicts are cached by content hash across runs; `false` disables the cache (no
   * verdict reuse: the artifact cache stays, see artifactsDir).
   * Default: `$PASSK_CACHE_DIR/verdicts`, else `~/.cache/passk/verdicts`.
   */
  cacheDir?: string | false;
  /**
   * Where compiled artifacts (C++/Rust/Go binaries, Java classes) and the toolchain caches (Go's
   * seeded build cache, Rust's crates, C++'s precompiled headers) are kept by content hash;
   * `false`: compile every time (CLI `--no-artifact-cache`). Default: `$PASSK_ARTIFACTS_DIR`, else
   * `artifacts` inside cacheDir (when cacheDir is false, inside the default verdict folder).
   */
  artifactsDir?: string | false;
  /** Python interpreter for the 'process' and 'subprocess' sandboxes; default: Debian's python3. */
  pythonPath?: string;
  /**
   * A virtual environment whose site-packages programs with an `environment` import from
   * (mounted read-only), instead of Debian's /usr/lib/python3/dist-packages.
   */
  pythonEnv?: string;
  /**
   * Python: print each failing program's whole traceback and keep it in its Verdict (`traceback`).
   * Off by default: no verdict reads it, and formatting it costs more than most programs do.
   */
  keepTracebacks?: boolean;
  /**
   * The engine the caller will use first (a task's language and library environment): its
   * first worker starts while the sandbox is checked, instead of at the first program.
   */
  warm?: { language: Language; environment?: ExecEnvironment };
}
