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
  return `passk-test-${basename(scratch)}-`;
}

/**
 * Removes the run's per-file groups a leftover process kept alive when their file ended (a
 * group can only be removed once empty; one still in use stays, harmlessly).
 */
export function removeLeftoverCgroups(scratch: string): void {
  const home = cpuacctHome();
  let names: string[];
  try {
    names = readdirSync(home).filter((n) => n.startsWith(cgroupPrefix(scratch)));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      rmdirSync(join(home, name));
    } catch {}
  }
}
