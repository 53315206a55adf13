import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  tests: number;
  failed: number;
  /** First file started, last file finished (ms, performance.now()). */
  start: number;
  end: number;
}

/**
 * Prints, after the run, each vitest project's wall time (first file started to last file
 * finished) with its file and test counts, so `npm test` says where its time goes.
 */
export default class ProjectTimes implements Reporter {
  private readonly projects = new Map<string, ProjectTime>();

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
    if (this.projects.size === 0) return;
    const lines = ['', 'time per project (wall, first file started to last finished):'];
    for (const [name, t] of [...this.projects].sort(([a], [b]) => a.localeCompare(b))) {
      const seconds = ((t.end - t.start) / 1000).toFixed(1).padStart(7);
      const failed = t.failed > 0 ? `, ${t.failed} failed` : '';
      lines.push(`  ${name.padEnd(9)} ${seconds} s  ${t.files} files, ${t.tests} tests${failed}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  private project(module: TestModule): ProjectTime {
    const name = module.project.name || '(default)';
    let time = this.projects.get(name);
    if (time === undefined) {
      time = { files: 0, tests: 0, failed: 0, start: Infinity, end: -Infinity };
      this.projects.set(name, time);
    }
    return time;
  }
}
