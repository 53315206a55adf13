import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { ConfigError, RuntimeMissingError } from '../../../core/errors.js';
import { runCommand } from '../../run-command.js';
import type { Language, Verdict } from '../../types.js';
import type { ExecPlan, RawOutcome, ResolvedLimits } from '../../worker/protocol.js';
import type {
  Canaries,
  Diagnosis,
  ProgramAdapter,
  ProgramFiles,
  ResolvedRuntime,
  ResolveOptions,
  Runtime,
  Toolchain,
} from './types.js';
import { PYTHON_FLAGS, probeInterpreter, pythonSupportDir } from './worker-host.js';

/** Bump when any process-based adapter changes in a way that could change a verdict. */
export const ADAPTER_REVISION = 9;

/** What a process-based language adapter supplies; the rest is shared. */
export interface ProcessRuntimeSpec {
  language: Language;
  canaries: Canaries;
  /** argv printing the toolchain's version (first line is kept), run once at resolve. */
  versionArgv: string[];
  /** The tool a missing-toolchain error names (default: versionArgv[0]). */
  toolchainBinary?: string;
  /** Debian packages that provide the toolchain, for the install hint. */
  debianPackages: string;
  /** Extra host paths (outside /usr) the toolchain needs inside the sandbox. */
  mounts?: readonly string[];
  /** A one-file program's plan (every runtime but those that take files). */
  plan?(source: string, limits: ResolvedLimits, version: string, toolchain: Toolchain): ExecPlan;
  /** A runtime that takes files (`exercism-*`): the plan for a Program's `files`. */
  planFiles?(
    files: ProgramFiles,
    limits: ResolvedLimits,
    version: string,
    toolchain: Toolchain,
  ): ExecPlan;
  diagnose?(outcome: RawOutcome): Diagnosis | undefined;
  prepareBatch?(sources: readonly string[], toolchain: Toolchain): Promise<void>;
  /** A runtime that takes files: called once with every program's files before they run. */
  prepareFilesBatch?(programs: readonly ProgramFiles[], toolchain: Toolchain): Promise<void>;
  review?(source: string, verdict: Verdict): Verdict;
}

/**
 * A Runtime whose programs are real processes run by exec_worker.py (a fork-exec server started
 * once per slot, inside the slot's bwrap sandbox); the worker itself is driven by Debian's Python.
 */
export function defineProcessRuntime(spec: ProcessRuntimeSpec): Runtime {
  return {
    language: spec.language,
    canaries: spec.canaries,
    async resolve(options: ResolveOptions): Promise<ResolvedRuntime> {
      if (options.environment) {
        throw new ConfigError(`a library environment is for Python programs, not ${spec.language}`);
      }
      const toolchain = await processToolchain(spec, options);
      return { toolchain, adapter: processAdapter(spec, toolchain) };
    },
  };
}

/** The toolchain's version and mounts; its worker is exec_worker.py, driven by Debian's Python. */
async function processToolchain(
  spec: ProcessRuntimeSpec,
  options: ResolveOptions,
): Promise<Toolchain> {
  const mounts = (spec.mounts ?? []).filter((path) => existsSync(path));
  // What the sandbox shows is part of the version, and so of every cache key: a program that
  // needs a mounted file (awk through /etc/alternatives) gets another verdict without it.
  const shown = mounts.length === 0 ? '' : ` [mounts ${mounts.join(' ')}]`;
  const version = `${await toolchainVersion(spec)}${shown}`;
  const { path: interpreter } = await probeInterpreter(options.pythonPath);
  const supportDir = pythonSupportDir();
  return {
    language: spec.language,
    version,
    interpreter,
    supportDir,
    workerArgv: (flags, dir = supportDir) => [
      interpreter,
      ...PYTHON_FLAGS,
      `${dir}/exec_worker.py`,
      '--scratch',
      flags.scratchDir,
      ...(flags.uid === undefined ? [] : ['--uid', String(flags.uid)]),
      ...(flags.pidNamespace ? ['--pid-namespace'] : []),
      ...(flags.artifactsDir === undefined ? [] : ['--artifacts', flags.artifactsDir]),
    ],
    mounts,
    ...(options.artifactsDir === undefined ? {} : { artifactsDir: options.artifactsDir }),
  };
}

/**
 * The plan for one program: its files for a runtime that takes files, else its source. A program
 * of the other kind is a task bug (its Program.language names the wrong runtime).
 */
function planOf(
  spec: ProcessRuntimeSpec,
  source: string,
  limits: ResolvedLimits,
  files: ProgramFiles | undefined,
  toolchain: Toolchain,
): ExecPlan {
  if (spec.planFiles) {
    if (files === undefined) {
      throw new Error(`internal: ${spec.language} runs multi-file programs (Program.files)`);
    }
    return spec.planFiles(files, limits, toolchain.version, toolchain);
  }
  if (files !== undefined || spec.plan === undefined) {
    throw new Error(`internal: ${spec.language} runs one-file programs (Program.source)`);
  }
  return spec.plan(source, limits, toolchain.version, toolchain);
}

/** Plans over the toolchain as resolved here (a wrapper such as rust's may extend its copy). */
function processAdapter(spec: ProcessRuntimeSpec, toolchain: Toolchain): ProgramAdapter {
  const adapter: ProgramAdapter = {
    plan: (source, limits, files) => ({ plan: planOf(spec, source, limits, files, toolchain) }),
  };
  if (spec.diagnose) adapter.diagnose = spec.diagnose;
  const { prepareBatch, prepareFilesBatch } = spec;
  if (prepareBatch) {
    adapter.prepareBatch = (programs) =>
      prepareBatch(
        programs.map((program) => program.source),
        toolchain,
      );
  }
  if (prepareFilesBatch) {
    adapter.prepareBatch = (programs) =>
      prepareFilesBatch(
        programs.flatMap((program) => (program.files ? [program.files] : [])),
        toolchain,
      );
  }
  if (spec.review) adapter.review = spec.review;
  return adapter;
}

async function toolchainVersion(spec: ProcessRuntimeSpec): Promise<string> {
  try {
    const { stdout, stderr } = await runCommand(spec.versionArgv, {
      env: { PATH: '/usr/bin:/bin' },
    });
    const line = (stdout.trim() || stderr.trim()).split('\n')[0] ?? '';
    // The adapter's revision is part of the version, and so of every cache key: bump it when a
    // change to an adapter (flags, wrapper, semantics) could change a verdict.
    return `${spec.language} ${line.trim()} (adapter ${ADAPTER_REVISION})`;
  } catch (error) {
    throw new RuntimeMissingError(
      `the ${spec.language} toolchain is not installed (${spec.toolchainBinary ?? spec.versionArgv[0]})`,
      {
        hint: `run scripts/setup.sh, or apt-get install -y ${spec.debianPackages}`,
        cause: error,
      },
    );
  }
}

/**
 * The real file behind a command path: Debian's /usr/bin/java is a link into /etc/alternatives,
 * which the sandbox does not show. Unchanged when the path does not exist (resolve() then fails).
 */
export function realBinary(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Limits for a step that needs more than the program's (a JIT's address space, a compiler's). */
export function atLeast(limits: ResolvedLimits, floor: Partial<ResolvedLimits>): ResolvedLimits {
  const out = { ...limits };
  for (const [key, value] of Object.entries(floor) as [keyof ResolvedLimits, number][]) {
    out[key] = Math.max(out[key], value);
  }
  return out;
}

/** Compile-step limits: the program's, with room for a compiler (time, memory, threads). */
export function compileLimits(
  limits: ResolvedLimits,
  timeoutMs: number,
  memoryBytes = 4 * 2 ** 30,
): ResolvedLimits {
  const out = atLeast(limits, { timeoutMs, memoryBytes, maxProcesses: 256, maxOpenFiles: 1024 });
  out.cpuSeconds = Math.ceil(out.timeoutMs / 1000) + 1;
  return out;
}

/**
 * The line the result channel expects after the tests, as a C/Java/Go/Rust string literal (JSON
 * string syntax is valid in each for ASCII) with `%s` where the nonce goes.
 */
export const END_EVENT = JSON.stringify('{"n": "%s", "e": "end"}\n');

/** First line of stderr matching `pattern`, shortened, or a fallback. */
export function firstLine(stderr: string, pattern: RegExp, fallback = ''): string {
  const line = stderr.split('\n').find((l) => pattern.test(l));
  return (line ?? fallback).trim().slice(0, 300);
}

/** Content key of a compile step: same toolchain, argv and files give the same artifacts. */
export function artifactKey(
  version: string,
  argv: readonly string[],
  files: Record<string, string>,
): string {
  const hash = createHash('sha256').update(JSON.stringify([version, argv]));
  for (const name of Object.keys(files).sort()) hash.update(`\0${name}\0`).update(files[name]!);
  return hash.digest('hex');
}
