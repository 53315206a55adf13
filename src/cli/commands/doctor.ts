import type { Command } from 'commander';
import {
  ConfigError,
  type DoctorReport,
  defaultDataDir,
  doctor,
  doctorError,
  type ToolchainCheck,
} from '../../index.js';

interface DoctorFlags {
  task?: string;
  pythonEnv?: string;
  sandbox?: string;
  allowCodeExecution?: boolean;
  limit?: string;
  limitStart?: string;
  workers?: string;
  dataDir?: string;
  datasetPath?: string;
  offline?: boolean;
  cache?: boolean;
  json?: boolean;
}

/**
 * `passk doctor --task NAME`: whether the task's modules import in the sandbox (with versions)
 * and, with --allow-code-execution, how its references do. Exit 3 when a module is missing.
 */
export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description(
      'check this machine can run a task: its Python modules in the sandbox, its references',
    )
    .option('--task <name>', 'the task to check (see `passk tasks`)')
    .option('--python-env <dir>', 'a venv to take the libraries from (as for evaluate)')
    .option('--sandbox <name>', 'isolation backend: bwrap (default), process, subprocess')
    .option('--allow-code-execution', "also run the task's references and report their pass rate")
    .option('--limit <n>', 'references: at most this many problems')
    .option('--limit-start <n>', 'references: skip this many problems first')
    .option(
      '--workers <n>',
      'programs run at once (default: 2 per core for plain Python, 1 per core for other languages)',
    )
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .option('--dataset-path <file>', 'explicit dataset file')
    .option('--offline', 'never download; use local files and the cache only')
    .option('--no-cache', 'run every reference even if judged before')
    .option('--json', 'print the report as JSON')
    .action(async (flags: DoctorFlags) => {
      if (flags.task === undefined) throw new ConfigError('--task is required (see `passk tasks`)');
      const report = await doctor({
        task: flags.task,
        ...(flags.pythonEnv === undefined ? {} : { pythonEnv: flags.pythonEnv }),
        ...(flags.sandbox === undefined ? {} : { sandbox: flags.sandbox }),
        allowCodeExecution: flags.allowCodeExecution === true,
        ...count('--limit', flags.limit, 'limit'),
        ...count('--limit-start', flags.limitStart, 'limitStart', 0),
        ...count('--workers', flags.workers, 'workers'),
        dataset: datasetOf(flags),
        ...(flags.cache === false ? { verdictCache: false } : {}),
      });
      process.stdout.write(
        flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctor(report),
      );
      if (!report.ok) throw doctorError(report);
    });
}

function count(
  flag: string,
  raw: string | undefined,
  key: string,
  min = 1,
): Record<string, number> {
  if (raw === undefined) return {};
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) {
    throw new ConfigError(`${flag} must be a whole number of at least ${min}`);
  }
  return { [key]: value };
}

function datasetOf(flags: DoctorFlags) {
  const dataDir = flags.dataDir ?? defaultDataDir();
  return {
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(flags.datasetPath === undefined ? {} : { datasetPath: flags.datasetPath }),
    ...(flags.offline ? { offline: true } : {}),
  };
}

/** The report as aligned lines: where things come from, one line per module, the references. */
export function formatDoctor(report: DoctorReport): string {
  const lines = [
    `task        ${report.task} (${languagesOf(report)})`,
    `python      ${report.interpreter} ${report.pythonVersion} ${report.flags?.join(' ') ?? ''}`,
    `sandbox     ${report.sandbox.sandbox} (${report.sandbox.isolation}): ${report.sandboxWorks ? 'runs Python' : 'BROKEN'}`,
    `libraries   ${librariesLine(report)}`,
    ...limitLines(report),
  ];
  for (const tool of report.toolchains ?? []) lines.push(`toolchain   ${toolchainLine(tool)}`);
  const width = Math.max(0, ...report.modules.map((m) => m.name.length));
  for (const m of report.modules) {
    const state = m.importable ? `ok ${m.version || '(no version)'}` : `MISSING  ${m.error ?? ''}`;
    lines.push(`  ${m.name.padEnd(width)}  ${state}`);
  }
  const refs = report.references;
  if (refs) {
    const rate = (100 * refs.passRate).toFixed(1);
    lines.push(`references  ${refs.passed}/${refs.problems} passed (${rate}%)`);
    for (const f of refs.failures.slice(0, 20)) {
      lines.push(`  ${f.taskId}  ${f.status}${f.message ? `  ${f.message.slice(0, 120)}` : ''}`);
    }
    if (refs.failures.length > 20) lines.push(`  … ${refs.failures.length - 20} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** One line per limit: which mechanism enforces it (cgroup-v2, cgroup-v1 or rlimit) and how. */
function limitLines(report: DoctorReport): string[] {
  const limits = report.sandbox.limits;
  if (limits === undefined) return [];
  const kinds = ['memory', 'processes', 'cpu'] as const;
  return [
    ...kinds.map(
      (kind) => `limit       ${kind.padEnd(9)} ${limits[kind].via}: ${limits[kind].how}`,
    ),
    ...limits.notes.map((note) => `  why not   ${note}`),
  ];
}

/** The task's language, or every one of a combined task's (aider-polyglot: six). */
function languagesOf(report: DoctorReport): string {
  const all = (report.toolchains ?? []).map((t) => t.language);
  return all.length > 1 ? all.join(', ') : report.language;
}

/** A toolchain found (its version names it) or missing (its message, named if it does not). */
function toolchainLine(tool: ToolchainCheck): string {
  if (tool.missing === undefined) return tool.version ?? tool.language;
  const named = tool.missing.includes(tool.language) ? '' : ` (${tool.language})`;
  return `MISSING  ${tool.missing}${named}`;
}

function librariesLine(report: DoctorReport): string {
  if (report.kind === 'stdlib') return 'standard library only (the task needs no environment)';
  if (report.kind === 'none') return `none (a ${languagesOf(report)} task)`;
  const from = report.kind === 'venv' ? `venv ${report.venv}` : 'Debian python3-* packages';
  // Only bwrap mounts them (read-only); the other sandboxes read the host's files as they are.
  const how = report.sandbox.sandbox === 'bwrap' ? 'mounted read-only' : 'read from the host';
  return `${from}, ${how}: ${report.sitePaths.join(', ')}`;
}
