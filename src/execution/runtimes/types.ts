import type { ResolvedPythonEnvironment } from '../environments/types.js';
import type { ExecPlan, RawOutcome, ResolvedLimits } from '../sandboxes/types.js';
import type { Language, Verdict, VerdictStatus } from '../types.js';

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

/** Programs the preflight runs through the engine; each must get the stated verdict. */
export interface Canaries {
  /** Runs its assertions, one of which fails: must be 'failed'. */
  wrong: string;
  /** Each exits with status 0 before its failing assertions: must not be 'passed'. */
  earlyExits: string[];
  /** Sleeps for `seconds`: must be 'timeout' under a shorter limit. */
  sleeper(seconds: number): string;
  /** A comment line that makes a source distinct (defeats dedup and the cache). */
  comment(text: string): string;
}

/** A language toolchain found on this machine. */
export interface RuntimeInstall {
  language: Language;
  /** Version string that goes into cache keys, e.g. 'python 3.11.2'. */
  version: string;
  /** Absolute host path of the interpreter or driver. */
  interpreter: string;
  /** Host directory holding the runtime's own support files (runner, worker). */
  supportDir: string;
  /** argv to run `program` from the cwd in a fresh process; the result channel is fd 3. */
  onceArgv(nonce: string, limits: ResolvedLimits, supportDir?: string): string[];
  /** argv for a warm worker speaking the JSON-lines protocol, or undefined if there is none. */
  workerArgv?(flags: WorkerFlags, supportDir?: string): string[];
  /** File name the fresh-process runner expects in its cwd. */
  programFile: string;
  /**
   * Process-based runtimes (every language but Python): the files, compile step and run step for
   * one program, run by exec_worker.py. Absent for Python, whose worker runs source directly.
   */
  plan?(source: string, limits: ResolvedLimits): ExecPlan;
  /** Reads a run that did not pass (no result-channel event said why): assertion or error. */
  diagnose?(outcome: RawOutcome): Diagnosis | undefined;
  /** Called once with every source before they run (TypeScript type-checks them in one go). */
  prepareBatch?(sources: readonly string[]): Promise<void>;
  /** Final say on a verdict (TypeScript: a program that does not type-check is 'type-error'). */
  review?(source: string, verdict: Verdict): Verdict;
  /** Host paths outside /usr the toolchain needs, bound read-only at the same path by bwrap. */
  mounts?: readonly string[];
  /** Host dir of the compiled-artifact cache, bound read-write for the (trusted) worker only. */
  artifactsDir?: string;
  /** The library environment its programs run with (Python tasks with `environment`), if any. */
  environment?: ResolvedPythonEnvironment;
}

/** Options every runtime's resolve() receives. */
export interface ResolveOptions {
  pythonPath?: string;
  /** Compiled-artifact cache; absent: compile every time. */
  artifactsDir?: string;
  /** Python only: the libraries to mount and put on sys.path (see environments/). */
  environment?: ResolvedPythonEnvironment;
}

/** Per-language adapter, registered in runtimes/index.ts. */
export interface Runtime {
  language: Language;
  /** Preflight programs in this language. */
  canaries: Canaries;
  /** Finds the toolchain once. Throws RuntimeMissingError with an install hint. */
  resolve(options: ResolveOptions): Promise<RuntimeInstall>;
}
