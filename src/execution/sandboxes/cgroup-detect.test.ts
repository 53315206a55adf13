/**
 * Which hierarchy passk picks, against fake cgroupfs trees in a temp dir (the decisions and the
 * writes they make; the kernel's side is in test/security/cgroup-v2.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CgroupHost, detectCgroups, LEAF, slotCgroups } from './cgroup-detect.js';
import { limitsInForce } from './limits-in-force.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'passk-fake-cgroupfs-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A fake group: its control files as the kernel shows them. */
function group(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const PID = 4242;
const OWN = '/user.slice/user-1000.slice/user@1000.service/app.slice/passk.scope';

function host(options: { uid?: number; v1Memory?: boolean }): CgroupHost {
  const v1 = options.v1Memory
    ? `34 30 0:31 / ${root}/memory rw,relatime shared:9 - cgroup cgroup rw,memory\n`
    : '';
  return {
    uid: options.uid ?? 0,
    pid: PID,
    procSelfCgroup: `${options.v1Memory ? '4:memory:/\n' : ''}0::${OWN}\n`,
    mountinfo: `40 30 0:37 / ${root}/unified rw,relatime shared:10 - cgroup2 cgroup2 rw,nsdelegate\n${v1}`,
  };
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('cgroup v2 delegated (systemd Delegate=yes, a pod, a rootless container)', () => {
  it('moves the group’s processes to a leaf, enables memory and pids, makes passk’s base', () => {
    const own = group(join(root, 'unified', OWN), {
      'cgroup.controllers': 'cpu io memory pids\n',
      'cgroup.subtree_control': '\n',
      'cgroup.procs': '17\n4242\n',
      'cgroup.type': 'domain\n',
    });
    const detection = detectCgroups(host({ uid: 1000 }));
    expect(detection).toEqual({
      place: { version: 'v2', base: join(own, `passk-${PID}`), pids: true },
      notes: [],
    });
    // Every process of the group went to the leaf (written one pid per write), before the
    // controllers were enabled (no internal processes), and the base enables them for the slots.
    expect(read(join(own, LEAF, 'cgroup.procs'))).toBe('174242');
    expect(read(join(own, 'cgroup.subtree_control'))).toBe('+memory +pids');
    expect(read(join(own, `passk-${PID}`, 'cgroup.subtree_control'))).toBe('+memory +pids');
    expect(limitsInForce(slotCgroups(detection), detection.notes)).toMatchObject({
      memory: { via: 'cgroup-v2' },
      processes: { via: 'cgroup-v2', how: 'pids.max per slot + RLIMIT_NPROC' },
      cpu: { via: 'rlimit' },
    });
  });

  it('makes slot groups with no swap and group OOM kills, again after close removed the base', async () => {
    group(join(root, 'unified', OWN), {
      'cgroup.controllers': 'memory\n',
      'cgroup.subtree_control': 'memory\n',
    });
    const detection = detectCgroups(host({}));
    expect(detection.place?.pids).toBe(false);
    const cgroups = slotCgroups(detection)!;
    const slot = cgroups.create('python-0');
    expect(read(join(slot, 'memory.oom.group'))).toBe('1');
    // The kernel's control files do not keep a group from being removed; the fake's do.
    rmSync(join(slot, 'memory.oom.group'));
    rmSync(join(detection.place!.base, 'cgroup.subtree_control'));
    await cgroups.close();
    expect(existsSync(detection.place!.base)).toBe(false);
    const again = slotCgroups(detection)!.create('python-0');
    expect(read(join(detection.place!.base, 'cgroup.subtree_control'))).toBe('+memory');
    expect(existsSync(again)).toBe(true);
  });

  it('moves nothing when the controllers are on already, nor out of the root group', () => {
    const own = group(join(root, 'unified', OWN), {
      'cgroup.controllers': 'memory pids\n',
      'cgroup.subtree_control': 'memory pids\n',
      'cgroup.procs': '4242\n',
      'cgroup.type': 'domain\n',
    });
    expect(detectCgroups(host({})).place?.version).toBe('v2');
    expect(existsSync(join(own, LEAF))).toBe(false);
    // The root group (no cgroup.type) may hold processes and enable controllers.
    rmSync(own, { recursive: true });
    group(join(root, 'unified', OWN), {
      'cgroup.controllers': 'memory pids\n',
      'cgroup.subtree_control': '',
      'cgroup.procs': '1\n4242\n',
    });
    expect(detectCgroups(host({})).place?.version).toBe('v2');
    expect(existsSync(join(own, LEAF))).toBe(false);
  });
});

describe('falling back', () => {
  it('to v1 when v2 has no memory controller (this machine: hugetlb only), saying why', () => {
    group(join(root, 'unified', OWN), { 'cgroup.controllers': 'hugetlb\n' });
    group(join(root, 'memory', `passk-${PID}`), {
      'memory.limit_in_bytes': '9223372036854771712\n',
    });
    const detection = detectCgroups(host({ v1Memory: true }));
    expect(detection.place).toEqual({
      version: 'v1',
      base: join(root, 'memory', `passk-${PID}`),
      pids: false,
    });
    expect(detection.notes).toEqual([
      `cgroup v2: no memory controller delegated to ${join(root, 'unified', OWN)} (its controllers: hugetlb)`,
    ]);
    expect(limitsInForce(slotCgroups(detection), detection.notes)).toMatchObject({
      memory: { via: 'cgroup-v1', how: 'memory.limit_in_bytes per slot + RLIMIT_AS' },
      processes: { via: 'rlimit' },
    });
  });

  it('to rlimits when the group is not delegated to this uid and v1 needs root', () => {
    const own = group(join(root, 'unified', OWN), {
      'cgroup.controllers': 'memory pids\n',
      'cgroup.subtree_control': '',
      'cgroup.procs': '4242\n',
      'cgroup.type': 'domain\n',
    });
    // A move the kernel refuses (EACCES there; here the leaf's control file is a directory).
    mkdirSync(join(own, LEAF, 'cgroup.procs'), { recursive: true });
    const detection = detectCgroups(host({ uid: 1000, v1Memory: true }));
    expect(detection.place).toBeUndefined();
    expect(detection.notes).toEqual([
      `cgroup v2: ${own} is not delegated to uid 1000 (EISDIR on ${join(own, LEAF, 'cgroup.procs')})`,
      'cgroup v1: memory groups need root',
    ]);
    expect(limitsInForce(slotCgroups(detection), detection.notes)).toEqual({
      memory: { via: 'rlimit', how: 'RLIMIT_AS per program' },
      processes: expect.objectContaining({ via: 'rlimit' }),
      cpu: { via: 'rlimit', how: 'RLIMIT_CPU + wall-clock kill' },
      notes: detection.notes,
    });
  });

  it('to rlimits when neither hierarchy is mounted', () => {
    const detection = detectCgroups({ uid: 0, pid: PID, procSelfCgroup: '0::/\n', mountinfo: '' });
    expect(detection).toEqual({
      notes: [
        'cgroup v2: the unified hierarchy is not mounted here',
        'cgroup v1: no memory controller mounted',
      ],
    });
  });
});
