import { existsSync, readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { removeLeftoverCgroups } from '../helpers/cpu-accounting.js';

interface ProjectTime {
  files: number;
  tests: number;
  failed: number;
  /** First file started, last file finished (ms, performance.now()). */
  start: number;
  end: number;
  /** CPU seconds of the project's files, as test/setup/cpu-time.ts logged them. */
  cpu: number;
}

export interface ProjectTimesOptions {
  /** The JSONL file test/setup/cpu-time.ts appends each file's CPU seconds to. */
  cpuLog?: string;
  /** The run's scratch folder, which names its per-file cgroups (removed at the end). */
  scratch?: string;
}

/**
 * Prints, after the run, each vitest project's wall time (first file started to last file
 * finished) and CPU time (its files' worker processes and their children) with its file and
 * test counts, so `npm test` says where its time goes. CPU, unlike wall, does not grow when
 * the machine is shared, so it is the figure to compare between runs.
 */
export default class ProjectTimes implements Reporter {
  private readonly projects = new Map<string, ProjectTime>();
  private readonly projectOfFile = new Map<string, string>();

  constructor(private readonly options: ProjectTimesOptions = {}) {}

  onTestModuleStart(module: TestModule): void {
    const time = this.project(module);
    time.start = Math.min(time.start, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const time = this.project(module);
    time.end = Math.max(time.end, performance.now());
    time.files += 1;
    for (const test of module.children.allTests()) {
      time.tests += 1;
      if (test.result().state === 'failed') time.failed += 1;
    }
  }

  onTestRunEnd(): void {
    if (this.options.scratch !== undefined) removeLeftoverCgroups(this.options.scratch);
    if (this.projects.size === 0) return;
    const cpu = this.addCpu();
    const lines = [
      '',
      'time per project (wall: first file started to last finished; cpu: used by its files',
      'and every process they started, ≥ when only reaped processes could be counted):',
    ];
    for (const [name, t] of [...this.projects].sort(([a], [b]) => a.localeCompare(b))) {
      const seconds = ((t.end - t.start) / 1000).toFixed(1).padStart(7);
      const cpuText =
        cpu === undefined ? '' : `  cpu ${cpu.exact ? ' ' : '≥'}${t.cpu.toFixed(1).padStart(7)} s`;
      const failed = t.failed > 0 ? `, ${t.failed} failed` : '';
      lines.push(
        `  ${name.padEnd(9)} ${seconds} s${cpuText}  ${t.files} files, ${t.tests} tests${failed}`,
      );
    }
    lines.push(
      `  vitest's own process: cpu ${cpuOfThisProcess().toFixed(1)} s (transforms, RPC, reporters)`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  /**
   * Adds each logged file's CPU to its project. Undefined when there is no log; not exact when
   * some file could only count its reaped children (no cgroup), a lower bound then.
   */
  private addCpu(): { exact: boolean } | undefined {
    const log = this.options.cpuLog;
    if (log === undefined || !existsSync(log)) return undefined;
    let exact = true;
    for (const line of readFileSync(log, 'utf8').split('\n')) {
      if (line === '') continue;
      const entry = JSON.parse(line) as { file: string; cpu: number; exact: boolean };
      const project = this.projectOfFile.get(entry.file);
      if (project !== undefined) this.projects.get(project)!.cpu += entry.cpu;
      exact &&= entry.exact;
    }
    return { exact };
  }

  private project(module: TestModule): ProjectTime {
    const name = module.project.name || '(default)';
    this.projectOfFile.set(module.moduleId, name);
    let time = this.projects.get(name);
    if (time === undefined) {
      time = { files: 0, tests: 0, failed: 0, start: Infinity, end: -Infinity, cpu: 0 };
      this.projects.set(name, time);
    }
    return time;
  }
}

/** CPU seconds this process (vitest's main one, where reporters run) used so far. */
function cpuOfThisProcess(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
