import type { ExecEnvironment, ResolvedPythonEnvironment } from '../../environments/types.js';
import type { Language, Verdict, VerdictStatus } from '../../types.js';
import type { ProgramPlan, RawOutcome, ResolvedLimits } from '../../worker/protocol.js';

/** A multi-file program's files by relative path (Program.files). */
export type ProgramFiles = Readonly<Record<string, string>>;

/** What a batch compiler sees of a program: its source, or its files. */
export interface BatchProgram {
  source: string;
  files?: ProgramFiles;
}

/** Flags for a warm worker, decided by the sandbox that starts it. */
export interface WorkerFlags {
  /** Directory (as the worker sees it) where per-program scratch dirs are made. */
  scratchDir: string;
  /** Unprivileged uid the programs run as; absent when passk is not root. */
  uid?: number;
  /** The worker has its own pid namespace, so kill(-1) reaches only the program's leftovers. */
  pidNamespace: boolean;
  /** Compiled-artifact cache dir as the worker sees it (exec runtimes only); none: no cache. */
  artifactsDir?: string;
}

/** A runtime's reading of a failed run: which status and exception it was. */
export interface Diagnosis {
  status: Extract<VerdictStatus, 'failed' | 'error' | 'memory'>;
  errorType: string;
  message: string;
  /** The test output to keep on the verdict (Verdict.output), multi-line. */
  output?: string;
}

/** A canary: a one-file program's source, or a multi-file program's files (Program.files). */
export type CanaryProgram = string | { files: Readonly<Record<string, string>> };

/** Programs the preflight runs through the engine; each must get the stated verdict. */
export interface Canaries {
  /** Runs its assertions, one of which fails: must be 'failed'. */
  wrong: CanaryProgram;
  /** Each exits with status 0 before its failing assertions: must not be 'passed'. */
  earlyExits: CanaryProgram[];
  /**
   * Wrong solutions whose candidate part rebinds what the marked tests use (test-binding.ts): a
   * macro, a local assert, a nested class. Each must not pass.
   */
  rebindings?: string[];
  /**
   * Attacks on the harness a broken engine would let pass (issue 25's classes: a top-level
   * return, a linkname into the test list, a rebound assertion): none may be 'passed'.
   */
  harnessAttacks?: string[];
  /** Sleeps for `seconds`: must be 'timeout' under a shorter limit. */
  sleeper(seconds: number): CanaryProgram;
  /** A comment line that makes a source distinct (defeats dedup and the cache). */
  comment(text: string): string;
  /**
   * Attacks on the harness written against passk (issue 25's classes), read when called: none
   * may pass, and one with `tamper` must carry that reason (Verdict.tamper).
   */
  attacks?(): CanaryAttack[];
}

/** The canaries of a one-file runtime: every program a source. */
export interface SourceCanaries extends Canaries {
  wrong: string;
  earlyExits: string[];
  sleeper(seconds: number): string;
}

/** One attack canary: a whole program and the tamper reason its verdict must carry, if any. */
export interface CanaryAttack {
  name: string;
  source: string;
  tamper?: string;
}

/**
 * A language toolchain found on this machine: what goes into cache keys, what the sandbox must
 * show, and how a slot's warm worker is started. It says nothing about one program's run: that is
 * the ProgramAdapter's.
 */
export interface Toolchain {
  language: Language;
  /** Version string that goes into cache keys, e.g. 'python 3.11.2'. */
  version: string;
  /** Absolute host path of the interpreter that runs the worker (worker.py or exec_worker.py). */
  interpreter: string;
  /** Host directory holding the worker's own files (runner, worker). */
  supportDir: string;
  /** argv for a warm worker speaking the JSON-lines protocol (one program per request). */
  workerArgv(flags: WorkerFlags, supportDir?: string): string[];
  /** A runner of one program in a fresh process (the subprocess sandbox), where there is one. */
  once?: FreshProcessRunner;
  /**
   * Commands programs may run by name, name → host path, linked in a bin dir first on their PATH
   * (Python: `python` → the interpreter; Debian has only python3).
   */
  commands?: Readonly<Record<string, string>>;
  /** Host paths outside /usr the toolchain needs, bound read-only at the same path by bwrap. */
  mounts?: readonly string[];
  /** Host dir of the compiled-artifact cache, bound read-write for the (trusted) worker only. */
  artifactsDir?: string;
  /** The library environment its programs run with (Python tasks with `environment`), if any. */
  environment?: ResolvedPythonEnvironment;
}

/**
 * Runs a plan's `source`, written to `programFile` in a fresh cwd; the result channel is fd 3,
 * the nonce comes on fd 5 (never in argv, which /proc/self/cmdline shows).
 */
export interface FreshProcessRunner {
  programFile: string;
  argv(limits: ResolvedLimits, supportDir?: string): string[];
}

/** Per-program behaviour of a language: how one program runs and how its run is read. */
export interface ProgramAdapter {
  /**
   * What the slot's worker runs for `source` (or, for a runtime that takes files, the program's
   * `files`): the source itself, or files + compile + run.
   */
  plan(source: string, limits: ResolvedLimits, files?: ProgramFiles): ProgramPlan;
  /** Reads a run that did not pass (no result-channel event said why): assertion or error. */
  diagnose?(outcome: RawOutcome): Diagnosis | undefined;
  /** Called once with every program before they run (TypeScript type-checks them in one go). */
  prepareBatch?(programs: readonly BatchProgram[]): Promise<void>;
  /** Final say on a verdict (TypeScript: a program that does not type-check is 'type-error'). */
  review?(source: string, verdict: Verdict): Verdict;
}

/** What Runtime.resolve finds: the toolchain, and the adapter its programs run through. */
export interface ResolvedRuntime {
  toolchain: Toolchain;
  adapter: ProgramAdapter;
}

/** Options every runtime's resolve() receives. */
export interface ResolveOptions {
  pythonPath?: string;
  /** Compiled-artifact cache; absent: compile every time. */
  artifactsDir?: string;
  /** Libraries the programs need; a runtime that cannot provide them throws ConfigError. */
  environment?: ExecEnvironment;
  /** A virtual environment to take `environment`'s libraries from (see environments/). */
  pythonEnv?: string;
}

/** Per-language runtime, registered in languages/index.ts. */
export interface Runtime {
  language: Language;
  /** Preflight programs in this language. */
  canaries: Canaries;
  /** Finds the toolchain once. Throws RuntimeMissingError with an install hint. */
  resolve(options: ResolveOptions): Promise<ResolvedRuntime>;
}
