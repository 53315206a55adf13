import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { type CgroupVersion, SlotCgroups } from './cgroup.js';

/** What detection reads about this process (injectable: unit tests point it at a fake tree). */
export interface CgroupHost {
  uid: number;
  pid: number;
  /** The text of /proc/self/cgroup. */
  procSelfCgroup: string;
  /** The text of /proc/self/mountinfo: where each hierarchy is mounted. */
  mountinfo: string;
}

/** Where the slot groups go, once a hierarchy was found usable (see SlotCgroups). */
export interface CgroupPlace {
  version: CgroupVersion;
  /** passk's own parent group, `passk-<pid>`, under the cgroup passk runs in. */
  base: string;
  /** v2: the pids controller is enabled for the slot groups too. */
  pids: boolean;
}

export interface CgroupDetection {
  place?: CgroupPlace;
  /** Why a hierarchy was not used, one line each (v2 first), for `passk doctor`. */
  notes: string[];
}

/** The directory under a leaf of which passk's own process (and its cgroup's others) is moved. */
export const LEAF = 'passk-leaf';

export function readHost(): CgroupHost {
  return {
    uid: process.getuid?.() ?? -1,
    pid: process.pid,
    procSelfCgroup: readFileSync('/proc/self/cgroup', 'utf8'),
    mountinfo: readFileSync('/proc/self/mountinfo', 'utf8'),
  };
}

let cached: CgroupDetection | undefined;

/**
 * This process's detection, made once: v2 detection may move passk into a leaf group, after which
 * /proc/self/cgroup names the leaf (a second detection would nest another leaf in it).
 */
export function hostCgroups(): CgroupDetection {
  if (cached === undefined) {
    try {
      cached = detectCgroups(readHost());
    } catch (error) {
      cached = { notes: [`cannot read this process's cgroups: ${(error as Error).message}`] };
    }
  }
  return cached;
}

/** A fresh SlotCgroups (its own set of live groups) for one sandbox, or undefined: rlimits only. */
export function slotCgroups(detection = hostCgroups()): SlotCgroups | undefined {
  const place = detection.place;
  return place && new SlotCgroups(place.version, place.base, place.pids, ensureBase);
}

/**
 * The unified hierarchy when memory is delegated to passk's cgroup (a systemd unit with
 * Delegate=yes, a Kubernetes pod or a container on a cgroup v2 host), else v1's memory controller
 * (as root), else nothing: the worker's rlimits only. Side effects when v2 is chosen: see enableV2.
 */
export function detectCgroups(host: CgroupHost): CgroupDetection {
  const notes: string[] = [];
  const v2 = detectV2(host, notes);
  if (v2) return { place: v2, notes };
  const v1 = detectV1(host, notes);
  return v1 ? { place: v1, notes } : { notes };
}

interface Mount {
  root: string;
  point: string;
  fstype: string;
  superOptions: string[];
}

/** /proc/self/mountinfo's fields (proc(5)); octal escapes (\040 for a space) decoded. */
function mounts(mountinfo: string): Mount[] {
  const decode = (s: string) =>
    s.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(Number.parseInt(o, 8)));
  return mountinfo.split('\n').flatMap((line) => {
    const [head, tail] = line.split(' - ');
    if (!head || !tail) return [];
    const fields = head.split(' ');
    const [fstype, , options] = tail.split(' ');
    return [
      {
        root: decode(fields[3] ?? ''),
        point: decode(fields[4] ?? ''),
        fstype: fstype ?? '',
        superOptions: (options ?? '').split(','),
      },
    ];
  });
}

/** The directory of cgroup `path` under a mount of its hierarchy, or undefined. */
function dirOf(path: string, candidates: Mount[]): string | undefined {
  const mount = candidates.find(
    (m) => m.root === '/' || path === m.root || path.startsWith(`${m.root}/`),
  );
  if (!mount) return undefined;
  return join(mount.point, posix.relative(mount.root, path));
}

function errorText(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code} on ${e.path ?? e.syscall ?? '?'}` : String(e.message);
}

function detectV2(host: CgroupHost, notes: string[]): CgroupPlace | undefined {
  const line = host.procSelfCgroup.split('\n').find((entry) => entry.startsWith('0::'));
  if (line === undefined) {
    notes.push(
      'cgroup v2: this process is in no unified hierarchy (no 0:: line in /proc/self/cgroup)',
    );
    return undefined;
  }
  const own = dirOf(
    line.slice(3),
    mounts(host.mountinfo).filter((m) => m.fstype === 'cgroup2'),
  );
  if (own === undefined) {
    notes.push('cgroup v2: the unified hierarchy is not mounted here');
    return undefined;
  }
  let available: string[];
  try {
    available = words(join(own, 'cgroup.controllers'));
  } catch (error) {
    notes.push(`cgroup v2: cannot read ${own}/cgroup.controllers (${errorText(error)})`);
    return undefined;
  }
  if (!available.includes('memory')) {
    const has = available.length > 0 ? available.join(' ') : 'none';
    notes.push(`cgroup v2: no memory controller delegated to ${own} (its controllers: ${has})`);
    return undefined;
  }
  const controllers = available.includes('pids') ? ['memory', 'pids'] : ['memory'];
  const base = join(own, `passk-${host.pid}`);
  try {
    enableV2(own, controllers);
    ensureBase('v2', base, controllers.includes('pids'));
  } catch (error) {
    notes.push(`cgroup v2: ${own} is not delegated to uid ${host.uid} (${errorText(error)})`);
    return undefined;
  }
  return { version: 'v2', base, pids: controllers.includes('pids') };
}

/**
 * Turns `controllers` on for the children of passk's cgroup. cgroup v2's "no internal processes"
 * rule forbids that while the group holds processes (the root group excepted, which has no
 * cgroup.type), so first every process in it (passk and, in a delegated unit or a container, the
 * processes of the same unit: its shell or init) moves into the leaf `passk-leaf`, as container
 * runtimes do for their init.
 */
function enableV2(own: string, controllers: string[]): void {
  const enabled = words(join(own, 'cgroup.subtree_control'));
  const missing = controllers.filter((c) => !enabled.includes(c));
  if (missing.length === 0) return;
  if (existsSync(join(own, 'cgroup.type'))) {
    const procs = words(join(own, 'cgroup.procs'));
    if (procs.length > 0) {
      const leaf = join(own, LEAF);
      mkdirSync(leaf, { recursive: true });
      for (const pid of procs) moveProcess(leaf, pid);
    }
  }
  writeFileSync(join(own, 'cgroup.subtree_control'), missing.map((c) => `+${c}`).join(' '));
}

/** One process into `dir`; one that exited meanwhile (ESRCH) needs no move. */
function moveProcess(dir: string, pid: string): void {
  try {
    appendFileSync(join(dir, 'cgroup.procs'), pid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** passk's parent group, made again if a closed sandbox removed it (v2: its slots' controllers on). */
function ensureBase(version: CgroupVersion, base: string, pids: boolean): void {
  if (existsSync(base)) return;
  mkdirSync(base, { recursive: true });
  if (version === 'v2') {
    writeFileSync(join(base, 'cgroup.subtree_control'), pids ? '+memory +pids' : '+memory');
  }
}

function detectV1(host: CgroupHost, notes: string[]): CgroupPlace | undefined {
  if (host.uid !== 0) {
    notes.push('cgroup v1: memory groups need root');
    return undefined;
  }
  const line = host.procSelfCgroup
    .split('\n')
    .find((entry) => /^\d+:([^:]*,)?memory(,[^:]*)?:/.test(entry));
  const memoryMounts = mounts(host.mountinfo).filter(
    (m) => m.fstype === 'cgroup' && m.superOptions.includes('memory'),
  );
  const own = line && dirOf(line.slice(line.indexOf(':', line.indexOf(':') + 1) + 1), memoryMounts);
  if (!own) {
    notes.push('cgroup v1: no memory controller mounted');
    return undefined;
  }
  const base = join(own, `passk-${host.pid}`);
  try {
    ensureBase('v1', base, false);
    readFileSync(join(base, 'memory.limit_in_bytes'), 'utf8');
  } catch (error) {
    notes.push(`cgroup v1: cannot make memory groups in ${own} (${errorText(error)})`);
    return undefined;
  }
  return { version: 'v1', base, pids: false };
}

function words(file: string): string[] {
  return readFileSync(file, 'utf8').split(/\s+/).filter(Boolean);
}
