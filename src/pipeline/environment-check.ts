import { availableParallelism } from 'node:os';
import {
  createExecutor,
  ENVIRONMENT_MEMORY_BYTES,
  type ExecJob,
  type ExecutorInfo,
  resolvePythonEnvironment,
} from '../execution/index.js';
import { PYTHON_FLAGS, probeInterpreter } from '../execution/languages/kit/worker-host.js';
import type { Task } from '../tasks/types.js';

/** One module a task needs: its version on the host probe, and whether it imports in the sandbox. */
export interface ModuleCheck {
  name: string;
  /** From the probe outside the sandbox ('' when the module has no version); null: not found. */
  version: string | null;
  /** It imported inside the sandbox, under the task's memory limit. */
  importable: boolean;
  /** Why not (the exception), when it did not. */
  error?: string;
}

/** What a task's programs will see, checked by running import programs in the sandbox. */
export interface EnvironmentCheck {
  task: string;
  language: string;
  /** 'stdlib': a Python task without `environment`; 'none': not a Python task. */
  kind: 'stdlib' | 'debian' | 'venv' | 'none';
  interpreter?: string;
  pythonVersion?: string;
  flags?: string[];
  venv?: string;
  /** Site dirs on the programs' sys.path (read-only mounts). */
  sitePaths: string[];
  /** The backend, its isolation and, per limit, how it is enforced (cgroup v2 / v1 / rlimit). */
  sandbox: Pick<ExecutorInfo, 'sandbox' | 'isolation' | 'limits'>;
  /** The standard library runs in the sandbox (a trivial program passed). */
  sandboxWorks: boolean;
  modules: ModuleCheck[];
  /** Modules that do not import in the sandbox. */
  missing: string[];
  /** The Debian packages the task lists (`scripts/setup.sh --task NAME` installs them). */
  debianPackages: string[];
}

export interface EnvironmentCheckOptions {
  /** Import programs run at once (a task may list dozens of modules); default: the cores. */
  workers?: number;
  sandbox?: string;
  pythonEnv?: string;
  pythonPath?: string;
}

/** Import programs take the time of a cold import of large libraries on a loaded machine. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * Runs one import program per module the task needs, in the sandbox and the environment its
 * programs get (trusted programs of passk's own, so no opt-in is needed), plus one
 * standard-library program; versions come from the environment probe (the same files).
 */
export async function checkEnvironment(
  task: Task,
  options: EnvironmentCheckOptions = {},
): Promise<EnvironmentCheck> {
  const spec = task.environment?.python;
  const executor = await createExecutor({
    allowCodeExecution: true,
    workers: Math.max(
      1,
      Math.min(options.workers ?? availableParallelism(), 1 + (spec?.modules.length ?? 0)),
    ),
    cacheDir: false,
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
    ...(options.pythonPath === undefined ? {} : { pythonPath: options.pythonPath }),
  });
  try {
    const { path: interpreter, version } = await probeInterpreter(options.pythonPath);
    const base = {
      task: task.name,
      language: task.language,
      sandbox: {
        sandbox: executor.info.sandbox,
        isolation: executor.info.isolation,
        ...(executor.info.limits === undefined ? {} : { limits: executor.info.limits }),
      },
      interpreter,
      pythonVersion: version.replace(/^python /, ''),
      flags: [...PYTHON_FLAGS],
      debianPackages: [...(spec?.debianPackages ?? [])],
    };
    const limits = {
      timeoutMs: IMPORT_TIMEOUT_MS,
      memoryBytes: spec?.memoryBytes ?? ENVIRONMENT_MEMORY_BYTES,
      outputBytes: 1 << 20,
    };
    const jobs: ExecJob[] = [
      { id: 'stdlib', program: { language: 'python', source: 'import json\n' }, limits },
      ...(spec?.modules ?? []).map((name) => ({
        id: `module:${name}`,
        program: {
          language: 'python',
          source: `import importlib\nimportlib.import_module(${JSON.stringify(name)})\n`,
          environment: task.environment!,
        },
        limits,
        rerunTimeout: false,
      })),
    ];
    const verdicts = await executor.run(jobs);
    const sandboxWorks = verdicts.get('stdlib')?.status === 'passed';
    const kind = task.language !== 'python' ? 'none' : spec ? undefined : 'stdlib';
    if (!spec || !task.environment) {
      return {
        ...base,
        kind: kind ?? 'stdlib',
        sitePaths: [],
        sandboxWorks,
        modules: [],
        missing: [],
      };
    }
    const resolved = await resolvePythonEnvironment(spec, {
      interpreter,
      ...(options.pythonEnv === undefined ? {} : { venv: options.pythonEnv }),
    });
    const modules = spec.modules.map((name): ModuleCheck => {
      const verdict = verdicts.get(`module:${name}`);
      const importable = verdict?.status === 'passed';
      const why = verdict && `${verdict.errorType ?? verdict.status}: ${verdict.message ?? ''}`;
      return {
        name,
        version: resolved.modules[name] ?? null,
        importable,
        ...(importable ? {} : { error: (why ?? 'not run').trim() }),
      };
    });
    return {
      ...base,
      kind: resolved.source,
      ...(resolved.venv === undefined ? {} : { venv: resolved.venv }),
      sitePaths: resolved.sitePaths,
      sandboxWorks,
      modules,
      missing: modules.filter((m) => !m.importable).map((m) => m.name),
    };
  } finally {
    await executor.close();
  }
}
