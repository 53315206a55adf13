import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxError } from '../../core/errors.js';
import type { Toolchain } from '../languages/kit/types.js';
import { runCommand } from '../run-command.js';
import type { SlotCgroups } from './cgroup.js';
import { hostCgroups, slotCgroups } from './cgroup-detect.js';
import { allocateUids, runningAsRoot } from './common.js';
import { limitsInForce } from './limits-in-force.js';
import type { Sandbox } from './types.js';
import { type WorkerLaunch, WorkerSlot } from './worker-slot.js';

export const BWRAP = '/usr/bin/bwrap';
/** Where the runtime's support files appear inside the sandbox. */
const SUPPORT_MOUNT = '/opt/passk';
/**
 * The sandbox's /tmp: HOME, where toolchain binds under the host's /tmp appear, and writable by
 * programs (mode 1777, as on a host: code hard-codes /tmp); the worker sweeps what a sample left
 * there before the next one (slot_hygiene.py) and caps its inodes as root.
 */
const TMP_MOUNT = '/tmp';
/**
 * A private /dev/shm per worker (mode 1777): POSIX semaphores (multiprocessing's locks, queues
 * and pools) and shared memory live there. Docker's default size; in RAM, charged to the slot's
 * memory cgroup; swept after each sample like /tmp.
 */
const SHM_MOUNT = '/dev/shm';
const SHM_BYTES = 64 * 1024 * 1024;
/** A private bin dir first on PATH: a `python` command (Debian has only python3) for Python. */
const BIN_MOUNT = '/opt/passk-bin';
/**
 * Where the programs' scratch dirs are made: a tmpfs of its own (as root, the worker remounts it
 * with an inode cap too, see slot_hygiene.py; a remount over /tmp would hide the binds there).
 */
const SCRATCH_MOUNT = '/scratch';
/** Size of each worker's private tmpfs (in RAM): room for scratch files, not a disk. */
const SCRATCH_BYTES = 256 * 1024 * 1024;
/** Inodes on the scratch tmpfs. */
const SCRATCH_INODES = 65_536;
/** Where the slot's memory cgroup appears inside the sandbox (writable by the worker only). */
const CGROUP_MOUNT = '/opt/passk-cgroup';

/**
 * The capabilities the worker (not the program) keeps: set up scratch dirs, drop uid, kill.
 * CAP_SYS_ADMIN only to mount its capped tmpfs at start; the worker drops it before any program.
 */
const WORKER_CAPS = [
  'CAP_SYS_ADMIN',
  'CAP_SETUID',
  'CAP_SETGID',
  'CAP_KILL',
  'CAP_CHOWN',
  'CAP_DAC_OVERRIDE',
  'CAP_FOWNER',
];

/**
 * bubblewrap argv for one worker. The view: read-only /usr (with Debian's merged /bin, /lib,
 * /lib64 links), a minimal /dev with a private sized /dev/shm, its own /proc, a private sized
 * tmpfs /tmp, the support files read-only; no /root, /home, /work, host /tmp, nor /etc but
 * passk's own /etc/hosts (localhost). Own network (loopback only, no route out: programs may
 * serve and connect on it, and a sample that did has the slot rebuilt, see slot_hygiene.py
 * Loopback), pid, ipc and uts namespaces; a clean environment; dies with passk.
 *
 * As root there is no user namespace (its uid map would hold only root, so no drop to another
 * uid could happen inside); instead the worker keeps a few capabilities and every program runs
 * as the slot's unprivileged uid. As a normal user, bwrap makes a user namespace and programs
 * run as that user.
 */
/** Read-only /usr with Debian's merged /bin, /lib, /lib64, /sbin links: every sandbox's system. */
export function usrView(): string[] {
  const links = ['bin', 'lib', 'lib64', 'sbin'].flatMap((dir) =>
    existsSync(`/usr/${dir}`) ? ['--symlink', `usr/${dir}`, `/${dir}`] : [],
  );
  return ['--ro-bind', '/usr', '/usr', ...links];
}

export function bwrapArgv(inner: string[], root: boolean, cgroupNamespace = true): string[] {
  const own = ['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts'];
  // No cgroup namespace with a cgroup v2 slot group: mounted with nsdelegate, v2 refuses to move a
  // sample into a group outside the mover's cgroup namespace (rooted at the worker's own group).
  const cgroup = cgroupNamespace ? ['--unshare-cgroup-try'] : [];
  const namespaces = root
    ? [...own, ...cgroup]
    : cgroupNamespace
      ? ['--unshare-all']
      : ['--unshare-user', ...own];
  const caps = root
    ? ['--cap-drop', 'ALL', ...WORKER_CAPS.flatMap((cap) => ['--cap-add', cap])]
    : [];
  return [
    BWRAP,
    ...namespaces,
    '--die-with-parent',
    '--new-session',
    ...usrView(),
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(SHM_BYTES),
    '--tmpfs',
    SHM_MOUNT,
    '--proc',
    '/proc',
    '--perms',
    '1777',
    '--size',
    String(SCRATCH_BYTES),
    '--tmpfs',
    TMP_MOUNT,
    '--perms',
    '0755',
    '--size',
    String(SCRATCH_BYTES),
    '--tmpfs',
    SCRATCH_MOUNT,
    '--remount-ro',
    '/',
    ...caps,
    '--clearenv',
    '--setenv',
    'PATH',
    `${BIN_MOUNT}:/usr/bin:/bin`,
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--setenv',
    'HOME',
    TMP_MOUNT,
    // Read (and removed) by the Python worker: tempfile uses the private /tmp, not TMPDIR.
    '--setenv',
    'PASSK_PRIVATE_TMP',
    '1',
    '--chdir',
    TMP_MOUNT,
    '--',
    ...inner,
  ];
}

/** Where the compiled-artifact cache appears: written by the worker (root) only, see exec_worker.py. */
const ARTIFACTS_MOUNT = '/opt/passk-artifacts';

/**
 * Adds the runtime's own binds before `--remount-ro /`: its support files, the toolchain paths
 * outside /usr (read-only, same path: e.g. a rustup toolchain, Java's /etc config) and the
 * artifact cache (read-write; the programs' uid cannot write to it, the worker can).
 */
function withSupportMount(argv: string[], supportDir: string, runtime?: Toolchain): string[] {
  const at = argv.indexOf('--remount-ro');
  const mounts = runtime?.mounts ?? [];
  // bwrap makes missing mount points 0700; the programs' uid must be able to pass through them.
  const dirs = new Set(['/opt', '/etc']);
  for (const path of mounts) {
    const parts = path.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) dirs.add(`/${parts.slice(0, i).join('/')}`);
  }
  const made = [...dirs]
    .filter((dir) => dir !== '/usr' && !dir.startsWith('/usr/'))
    .flatMap((dir) => ['--perms', '0755', '--dir', dir]);
  const extra = mounts.flatMap((path) => ['--ro-bind', path, path]);
  const artifacts = runtime?.artifactsDir ? ['--bind', runtime.artifactsDir, ARTIFACTS_MOUNT] : [];
  return [
    ...argv.slice(0, at),
    ...made,
    '--ro-bind',
    supportDir,
    SUPPORT_MOUNT,
    ...extra,
    ...hosts(supportDir),
    ...artifacts,
    ...commands(runtime),
    ...argv.slice(at),
  ];
}

/**
 * `localhost` for programs that serve and connect on the sandbox's own loopback (its network
 * namespace has only `lo`; BigCodeBench 1038 and 1040 bind "localhost"): without /etc/hosts the
 * name does not resolve. The file is passk's own (support dir), not the host's.
 */
function hosts(supportDir: string): string[] {
  const file = join(supportDir, 'etc-hosts');
  return existsSync(file) ? ['--ro-bind', file, '/etc/hosts'] : [];
}

/**
 * The private bin dir (first on PATH) with the toolchain's commands (`Toolchain.commands`), e.g.
 * for Python `python` → the interpreter programs run on, for scripts that call
 * `subprocess.run(['python', …])` as upstream's images allow. Symlinks made by bwrap in the
 * sandbox's own root: nothing is written on the host.
 */
function commands(runtime: Toolchain | undefined): string[] {
  const links = Object.entries(runtime?.commands ?? {}).flatMap(([name, target]) => [
    '--symlink',
    target,
    `${BIN_MOUNT}/${name}`,
  ]);
  return ['--perms', '0755', '--dir', BIN_MOUNT, ...links];
}

const HOW_TO_GET_IT =
  'install it with `apt-get install -y bubblewrap` (or scripts/setup.sh), or accept weaker isolation with --sandbox process';

/**
 * Probes that built a sandbox, by their command line: asked again for the same toolchain (each
 * evaluation makes one sandbox per toolchain), the answer is the same, and a probe costs a bwrap
 * and a Python start. Failures are not kept: the user may fix the machine and try again.
 */
const sandboxesBuilt = new Set<string>();

/** Checks that bwrap is installed and the interpreter is one it can show; SandboxError if not. */
export function checkBwrapInstalled(runtime: Toolchain, bwrap = BWRAP): void {
  if (!existsSync(bwrap)) {
    throw new SandboxError('the bwrap sandbox needs bubblewrap, which is not installed', {
      hint: HOW_TO_GET_IT,
    });
  }
  if (!runtime.interpreter.startsWith('/usr/')) {
    throw new SandboxError(
      `the bwrap sandbox can only run an interpreter under /usr, not '${runtime.interpreter}'`,
      {
        hint: 'install Debian python3 (apt-get install -y python3) or pass pythonPath=/usr/bin/python3',
      },
    );
  }
}

/** Checks that bwrap exists and can build the sandbox here; throws SandboxError saying why not. */
export async function probeBwrap(runtime: Toolchain, bwrap = BWRAP): Promise<void> {
  checkBwrapInstalled(runtime, bwrap);
  const [, ...flags] = withSupportMount(
    bwrapArgv([runtime.interpreter, '-I', '-S', '-c', 'print("ok")'], runningAsRoot()),
    runtime.supportDir,
  );
  const argv = [bwrap, ...flags];
  const key = argv.join('\0');
  if (sandboxesBuilt.has(key)) return;
  try {
    const { stdout } = await runCommand(argv, { env: {} });
    if (stdout.trim() !== 'ok') throw new Error(`unexpected output: ${stdout.slice(0, 200)}`);
    sandboxesBuilt.add(key);
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new SandboxError(
      `bubblewrap is installed but cannot build a sandbox here: ${detail.slice(0, 300)}`,
      {
        hint: 'unprivileged user namespaces may be disabled; run as root, enable them, or pass --sandbox process',
        cause: error,
      },
    );
  }
}

/** Which memory limit is in force, recorded in ExecutorInfo (see docs/security.md). */
function memoryLimitOf(cgroups: SlotCgroups | undefined): string {
  if (cgroups) return `cgroup-${cgroups.version} per slot + RLIMIT_AS`;
  return runningAsRoot() ? 'RLIMIT_AS + tmpfs size/inode caps' : 'RLIMIT_AS + tmpfs size cap';
}

/** Warm fork-server workers, one bwrap sandbox each: isolation 'namespaces'. */
export function createBwrapSandbox(runtime: Toolchain, workers: number): Sandbox {
  const uids = allocateUids(workers);
  const { workerArgv } = runtime;
  const detection = hostCgroups();
  const cgroups = slotCgroups(detection);
  const slots: WorkerSlot[] = [];
  return {
    name: 'bwrap',
    isolation: 'namespaces',
    memoryLimit: memoryLimitOf(cgroups),
    limits: limitsInForce(cgroups, detection.notes),
    createSlot(index) {
      const uid = uids?.[index];
      const inner = [
        ...workerArgv(
          {
            scratchDir: SCRATCH_MOUNT,
            pidNamespace: true,
            ...(uid === undefined ? {} : { uid }),
            ...(runtime.artifactsDir ? { artifactsDir: ARTIFACTS_MOUNT } : {}),
          },
          SUPPORT_MOUNT,
        ),
        '--private-tmp',
        `${SCRATCH_BYTES}:${SCRATCH_INODES}`,
      ];
      const base = withSupportMount(
        bwrapArgv(inner, runningAsRoot(), cgroups?.version !== 'v2'),
        runtime.supportDir,
        runtime,
      );
      const launch = async (): Promise<WorkerLaunch> => {
        if (!cgroups) return { argv: base, env: {}, cwd: '/' };
        // A fresh cgroup per launch: a rebuilt slot never inherits the old one's charges.
        const dir = cgroups.create(`${runtime.language}-${index}`);
        return {
          argv: withCgroup(base, dir),
          env: {},
          cwd: '/',
          onExit: () => void cgroups.release(dir),
        };
      };
      const slot = new WorkerSlot(launch, `bwrap[${index}]`);
      slots.push(slot);
      return slot;
    },
    close: async () => {
      await Promise.all(slots.map((slot) => slot.close()));
      await cgroups?.close();
    },
  };
}

/** Binds the slot's cgroup into the sandbox (before `--remount-ro /`) and tells the worker. */
function withCgroup(argv: string[], dir: string): string[] {
  const at = argv.indexOf('--remount-ro');
  return [
    ...argv.slice(0, at),
    '--bind',
    dir,
    CGROUP_MOUNT,
    ...argv.slice(at),
    '--cgroup',
    CGROUP_MOUNT,
  ];
}
