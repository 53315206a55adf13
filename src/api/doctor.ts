import { RuntimeMissingError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { checkEnvironment, type EnvironmentCheck } from '../pipeline/environment-check.js';
import { evaluate } from '../pipeline/evaluate.js';
import { checkToolchains, type ToolchainCheck } from '../pipeline/toolchain-check.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import type { Task } from '../tasks/types.js';

export type { ToolchainCheck };

export interface DoctorOptions {
  /** A registered task name, a task module or a Task object. */
  task: string | Task;
  /** A venv to take the task's libraries from instead of Debian's (as `--python-env`). */
  pythonEnv?: string;
  sandbox?: string;
  /** Also run the task's references (its canonical solutions) and report their pass rate. */
  allowCodeExecution?: boolean;
  /** With allowCodeExecution: at most this many problems' references. */
  limit?: number;
  limitStart?: number;
  workers?: number;
  dataset?: DatasetLoadOptions;
  /** Verdict cache for the reference run (as evaluate's); false: run every reference. */
  verdictCache?: string | false;
}

/** How the task's references did (problems without a reference are left out). */
export interface ReferenceCheck {
  problems: number;
  passed: number;
  /** passed / problems (0 when there are none). */
  passRate: number;
  /** The ones that did not pass: problem id, verdict status and its message. */
  failures: { taskId: string; status: string; message?: string }[];
}

export interface DoctorReport extends EnvironmentCheck {
  /** Every module imports in the sandbox and a standard-library program runs there. */
  ok: boolean;
  /** What to do when not ok. */
  hint?: string;
  references?: ReferenceCheck;
  /** Not Python: the task's toolchain, found (its version) or missing (why). */
  toolchain?: ToolchainCheck;
  /**
   * Every language's toolchain the task needs, `toolchain` first (one entry for a one-language
   * task; six for `aider-polyglot`). Python is not listed: see `modules` and `sandboxWorks`.
   */
  toolchains?: ToolchainCheck[];
}

/**
 * `passk doctor`: can this machine run the task? Every module the task's programs need, imported
 * inside the sandbox (with versions); with `allowCodeExecution`, the references' pass rate too.
 * Does not throw for a missing module (see `ok`, `missing`, `hint`; the CLI exits 3 then).
 */
export async function doctor(options: DoctorOptions): Promise<DoctorReport> {
  const task = await resolveTask(options.task);
  const check = await checkEnvironment(task, {
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
  });
  const toolchains = await checkToolchains([task.language, ...(task.languages ?? [])]);
  const missingToolchain = toolchains.checks.some((t) => t.missing !== undefined);
  const ok = check.sandboxWorks && check.missing.length === 0 && !missingToolchain;
  const hint =
    toolchains.hints.length > 0
      ? toolchains.hints.join('; ')
      : ok
        ? undefined
        : hintFor(task, check);
  const [toolchain] = toolchains.checks;
  const report: DoctorReport = {
    ...check,
    ok,
    ...(hint === undefined ? {} : { hint }),
    ...(toolchain === undefined ? {} : { toolchain, toolchains: toolchains.checks }),
  };
  // references cannot run without the toolchains (the hint says how to install them)
  if (options.allowCodeExecution === true && !missingToolchain) {
    report.references = await checkReferences(task, options);
  }
  return report;
}

/** The error the CLI ends with when the report is not ok (exit code 3). */
export function doctorError(report: DoctorReport): RuntimeMissingError {
  const missing = (report.toolchains ?? []).flatMap((t) => (t.missing ? [t.missing] : []));
  const what = !report.sandboxWorks
    ? `${report.task}: a standard-library program does not run in the ${report.sandbox.sandbox} sandbox`
    : missing.length > 0
      ? `${report.task}: ${missing.join('; ')}`
      : `${report.task}: not importable in the sandbox: ${report.missing.join(', ')}`;
  return new RuntimeMissingError(what, report.hint === undefined ? {} : { hint: report.hint });
}

function hintFor(task: Task, check: EnvironmentCheck): string {
  if (!check.sandboxWorks) return 'run `bash scripts/setup.sh`, or try --sandbox process';
  const list = check.debianPackages;
  // A long list (BigCodeBench's is ~50) would drown the one-line hint: setup.sh reads it anyway.
  const packages =
    list.length === 0
      ? ''
      : list.length <= 6
        ? ` (${list.join(' ')})`
        : ` (${list.length} Debian packages)`;
  return `install them with \`bash scripts/setup.sh --task ${task.name}\`${packages}, or pass --python-env DIR with a venv that has them`;
}

async function checkReferences(task: Task, options: DoctorOptions): Promise<ReferenceCheck> {
  const { results } = await evaluate({
    task,
    candidates: { kind: 'reference' },
    allowCodeExecution: true,
    k: [1],
    preflight: false,
    db: false,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.limitStart === undefined ? {} : { limitStart: options.limitStart }),
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
    ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
    ...(options.verdictCache === undefined ? {} : { verdictCache: options.verdictCache }),
  });
  const judged = results.filter((r) => r.status !== 'infra-error');
  const passed = judged.filter((r) => r.status === 'passed').length;
  return {
    problems: judged.length,
    passed,
    passRate: judged.length === 0 ? 0 : passed / judged.length,
    failures: judged
      .filter((r) => r.status !== 'passed')
      .map((r) => ({
        taskId: r.task_id,
        status: r.status,
        ...(r.message === undefined ? {} : { message: r.message }),
      })),
  };
}
