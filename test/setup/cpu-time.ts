import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

/**
 * Records, when the test file ends, the CPU its worker process used (its own and that of the
 * children it waited for: sandboxes, compilers, the CLI it spawned) into $PASSK_TEST_CPU_LOG.
 * Each file runs in its own forked worker (isolate), so this is the file's CPU cost, which,
 * unlike wall time, does not grow when the machine is shared. The project-times reporter sums it.
 */
afterAll(() => {
  const log = process.env['PASSK_TEST_CPU_LOG'];
  const file = expect.getState().testPath;
  if (!log || file === undefined) return;
  const ticks = cpuTicks();
  if (ticks === undefined) return;
  const line = { file, pid: process.pid, cpu: ticks / 100, wall: process.uptime() };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
});

/** utime + stime + cutime + cstime of this process, in clock ticks (100 per second on Linux). */
function cpuTicks(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return undefined; // not Linux: no figure rather than a wrong one
  }
}
