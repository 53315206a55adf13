import { readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Where Linux's cgroup v1 CPU accounting hierarchy is mounted (root can make groups in it). */
export const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** The cpuacct group this process is in (from /proc/self/cgroup). */
export function cpuacctHome(): string {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[1]?.split(',').includes('cpuacct'));
    return join(CPUACCT, line?.split(':')[2] ?? '/');
  } catch {
    return CPUACCT;
  }
}

/** The names of one test run's per-file cgroups, from its scratch folder. */
export function cgroupPrefix(scratch: string): string {
  return `${PREFIX}${basename(scratch).replace(/^passk-test-cache-/, '')}-`;
}

const PREFIX = 'passk-test-cpu-';

/**
 * Removes the per-file groups of the run with this scratch folder (of every run without one)
 * that are empty by now: a worker still exiting, or a process its file left behind, kept them
 * when their file ended. A group in use cannot be removed and stays, harmlessly.
 */
export function removeLeftoverCgroups(scratch?: string): void {
  const home = cpuacctHome();
  const prefix = scratch === undefined ? PREFIX : cgroupPrefix(scratch);
  let names: string[];
  try {
    names = readdirSync(home).filter((n) => n.startsWith(prefix));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      rmdirSync(join(home, name));
    } catch {}
  }
}
