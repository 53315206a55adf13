/**
 * cgroup v2 on this machine's kernel. The host is hybrid (v1 holds memory and pids; its unified
 * hierarchy has hugetlb only), so a test mount namespace stands in for a v2-only host (as a
 * Kubernetes node or a recent distribution has): the v1 hierarchies unmounted there, a cgroup2
 * hierarchy mounted at /sys/fs/cgroup, then `passk doctor` run inside. Enforcement through v2 is
 * tested where this process's own cgroup has memory delegated, and skipped (saying so) elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../src/api/doctor.js';
import { formatDoctor } from '../../src/cli/commands/doctor.js';
import { slotCgroups } from '../../src/execution/sandboxes/cgroup-detect.js';
import { cliEntry, repoRoot } from '../helpers/cli.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { FORKS_OVER_MEMORY_PY, GOOD_PY, inOrder, LIMITS } from './helpers.js';

/** Runs argv in a private mount namespace whose /sys/fs/cgroup is a bare cgroup2 mount. */
function inV2View(argv: string[]) {
  const setup = 'umount -R /sys/fs/cgroup && mount -t cgroup2 none /sys/fs/cgroup && exec "$@"';
  return spawnSync(
    'unshare',
    ['-m', '--propagation', 'private', 'sh', '-c', setup, 'sh', ...argv],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
}

const probe =
  process.getuid?.() === 0 ? inV2View(['cat', '/sys/fs/cgroup/cgroup.controllers']) : undefined;
/** Why the v2 view cannot be made here (mounts need root and unshare), or undefined. */
const noView =
  probe === undefined
    ? 'not root: cannot mount a cgroup2 hierarchy'
    : probe.status !== 0
      ? `unshare/mount refused: ${probe.stderr.trim()}`
      : undefined;
const controllers = probe?.stdout.trim().split(/\s+/).filter(Boolean) ?? [];

describe.skipIf(noView !== undefined)('a cgroup v2-only view (test mount namespace)', () => {
  it('passk doctor says, per limit, what enforces it and why no cgroup does', () => {
    const run = inV2View([
      process.execPath,
      ...cliEntry(),
      'doctor',
      '--task',
      'humaneval',
      '--json',
    ]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as DoctorReport;
    expect(report.sandboxWorks).toBe(true);
    const limits = report.sandbox.limits!;
    if (controllers.includes('memory')) {
      // A kernel whose unified hierarchy holds memory (not this machine's): v2 takes it.
      expect(limits.memory.via).toBe('cgroup-v2');
      return;
    }
    // This machine: memory is bound to v1, so v2 cannot limit it; v1 is gone from this view.
    const has = controllers.length > 0 ? controllers.join(' ') : 'none';
    expect(limits.notes).toEqual([
      `cgroup v2: no memory controller delegated to /sys/fs/cgroup (its controllers: ${has})`,
      'cgroup v1: no memory controller mounted',
    ]);
    expect(formatDoctor(report)).toContain(
      [
        'limit       memory    rlimit: RLIMIT_AS per program',
        'limit       processes rlimit: RLIMIT_NPROC (counted per uid: as root, each slot runs its programs as a uid of its own)',
        'limit       cpu       rlimit: RLIMIT_CPU + wall-clock kill',
        `  why not   cgroup v2: no memory controller delegated to /sys/fs/cgroup (its controllers: ${has})`,
        '  why not   cgroup v1: no memory controller mounted',
      ].join('\n'),
    );
  }, 120_000);
});

// Needs a unified hierarchy with memory delegated to this process's cgroup. Not on this project's
// machines: their kernel binds memory and pids to v1 (the v2 root offers hugetlb only), and a
// controller in use by v1 cannot move to v2, so v2 enforcement cannot be exercised here.
const own = slotCgroups();
afterAll(() => own?.close());
const v2 = own?.version === 'v2';
describe.skipIf(!v2)('memory.max enforced through a delegated cgroup v2', () => {
  it('six forks of 350 MiB under a 512 MiB limit: a memory verdict, the next sample passes', async () => {
    const executor = await securityExecutor(1);
    try {
      expect(executor.info.limits?.memory.via).toBe('cgroup-v2');
      const verdicts = await inOrder(
        executor,
        [
          ['v2-attack', 'python', FORKS_OVER_MEMORY_PY],
          ['v2-after', 'python', GOOD_PY('v2 after')],
        ],
        { ...LIMITS, timeoutMs: 30_000 },
      );
      expect(verdicts['v2-attack']).toMatchObject({ status: 'memory' });
      expect(verdicts['v2-after']?.status).toBe('passed');
    } finally {
      await executor.close();
    }
  }, 120_000);
});
