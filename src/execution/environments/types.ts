/**
 * What a task's Python programs need beyond the standard library. Set on `Task.environment`
 * (the pipeline copies it onto each `Program`); without it programs see the standard library
 * only, as they always did.
 */
export interface PythonEnvironmentSpec {
  /** Import names the references need, e.g. ['numpy', 'pandas']: probed and versioned. */
  modules: readonly string[];
  /** Debian packages that provide them (`scripts/setup.sh --task NAME` installs these). */
  debianPackages: readonly string[];
  /**
   * Modules of `modules` no Debian 12 package provides: `scripts/setup.sh --task NAME` lists them
   * (they need `--python-env DIR`) instead of pretending to install everything.
   */
  notInDebian?: readonly string[];
  /** Extra environment variables for the programs (over passk's defaults, e.g. MPLBACKEND=Agg). */
  env?: Readonly<Record<string, string>>;
  /** Default per-program address-space limit for the task (large libraries map a lot). */
  memoryBytes?: number;
  /**
   * Host folders the programs may read, bound read-only at the same path (Library Checker's
   * generated test inputs: too large to send with each program). They must exist before a run.
   */
  readOnlyDirs?: readonly string[];
}

/** A program's execution environment: libraries mounted read-only beside the interpreter. */
export interface ExecEnvironment {
  python: PythonEnvironmentSpec;
}

/** The environment as found on this machine: what is mounted, where, and which versions. */
export interface ResolvedPythonEnvironment {
  /** 'debian': /usr/lib/python3/dist-packages; 'venv': the --python-env directory. */
  source: 'debian' | 'venv';
  /** The venv root (source 'venv'). */
  venv?: string;
  /** Directories added to the programs' sys.path (site dirs: their .pth files are read), in order. */
  sitePaths: string[];
  /** Host paths outside /usr that the sandbox binds read-only at the same path. */
  mounts: string[];
  /** Fixed environment variables of every program (per-sample HOME etc. are added by the worker). */
  env: Record<string, string>;
  /** Import name → version ('' when importable without a version), null when it does not import. */
  modules: Record<string, string | null>;
  /** Why each missing module did not import (first line of the error). */
  errors: Record<string, string>;
  /** Content key of all the above: part of every verdict cache key of the environment's programs. */
  key: string;
}
