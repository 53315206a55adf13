/**
 * What the bwrap sandbox gives programs because real code needs it (docs/security.md, "Places
 * programs may write"): a writable /tmp, a private size-capped /dev/shm (multiprocessing's
 * semaphores), a `python` command and AF_UNIX sockets. Each is checked to work, and to keep the
 * promises: nothing crosses to the next sample or reaches the host, sizes are capped, children of
 * multiprocessing are killed and counted in the memory limit, and there is still no network.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor } from '../../src/execution/types.js';
import { BAD_PY, GOOD_PY, inOrder, LIMITS, livePrograms, token, verdictOf } from './helpers.js';

let executor: Executor;
const ROOT = process.getuid?.() === 0;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
}, 60_000);
afterAll(async () => {
  await executor?.close();
});

/** Passes only where /tmp and /dev/shm hold nothing a sample left, with their first modes. */
const EMPTY = (tag: string) => `# ${tag}
import os, stat
for place in ("/tmp", "/dev/shm"):
    assert os.listdir(place) == [], (place, os.listdir(place))
    assert stat.S_IMODE(os.stat(place).st_mode) == 0o1777, (place, oct(os.stat(place).st_mode))
`;

describe('a writable /tmp and /dev/shm, private to each sample', () => {
  it('code that hard-codes /tmp, and multiprocessing, work', async () => {
    const verdicts = await inOrder(
      executor,
      [
        [
          'tmp',
          'python',
          `import tempfile\nopen("/tmp/a.txt", "w").write("x")\nassert tempfile.mkdtemp(dir="/tmp").startswith("/tmp/")\n`,
        ],
        [
          'queue',
          'python',
          'import multiprocessing as mp\nq = mp.Queue()\nq.put(7)\nassert q.get() == 7\n',
        ],
        [
          'pool',
          'python',
          'import multiprocessing as mp\nwith mp.Pool(2) as pool:\n    assert pool.map(abs, [-1, -2]) == [1, 2]\n',
        ],
        [
          'executor',
          'python',
          'from concurrent.futures import ProcessPoolExecutor\nwith ProcessPoolExecutor(2) as ex:\n    assert list(ex.map(abs, [-3])) == [3]\n',
        ],
        ['bad', 'python', BAD_PY('needs')],
      ],
      { ...LIMITS, timeoutMs: 30_000 },
    );
    expect(verdicts['tmp']?.status).toBe('passed');
    expect(verdicts['queue']?.status).toBe('passed');
    expect(verdicts['pool']?.status).toBe('passed');
    expect(verdicts['executor']?.status).toBe('passed');
    expect(verdicts['bad']?.status).toBe('failed');
  }, 90_000);

  it('what a sample leaves in /tmp and /dev/shm is gone for the next, and never on the host', async () => {
    const marker = token('passk-left-');
    const attack = `import os
for place in ("/tmp", "/dev/shm"):
    open(os.path.join(place, ${JSON.stringify(marker)}), "w").write("x")
    os.makedirs(os.path.join(place, "deep/er"))
    open(os.path.join(place, "deep/er/f"), "w").write("y")
    os.symlink("/usr/bin", os.path.join(place, "link"))
    os.chmod(os.path.join(place, "deep"), 0)
    try:
        os.chmod(place, 0o700)
    except OSError:
        pass  # not its owner (passk as root): the next check still fails on the files
`;
    const restarts = executor.stats().workerRestarts;
    const verdicts = await inOrder(executor, [
      ['left-attack', 'python', `${attack}${EMPTY('self')}`],
      ['left-next', 'python', EMPTY('next')],
      ['left-good', 'python', GOOD_PY('left')],
      ['left-bad', 'python', BAD_PY('left')],
    ]);
    expect(verdicts['left-attack']?.status).toBe('failed'); // the files were really made
    expect(verdicts['left-next']?.status).toBe('passed');
    expect(verdicts['left-good']?.status).toBe('passed');
    expect(verdicts['left-bad']?.status).toBe('failed');
    expect(existsSync(`/tmp/${marker}`)).toBe(false);
    expect(existsSync(`/dev/shm/${marker}`)).toBe(false);
    expect(existsSync('/usr/bin/python')).toBe(false);
    // As root the program cannot chmod /tmp, and the sweep alone cleaned up: no rebuild.
    if (ROOT) expect(executor.stats().workerRestarts).toBe(restarts);
  }, 60_000);

  it('the same for other languages’ programs (bash, through the exec worker)', async () => {
    const empty = 'set -e\n[ -z "$(ls -A /tmp)" ]\n[ -z "$(ls -A /dev/shm)" ]\n';
    const verdicts = await inOrder(executor, [
      ['sh-attack', 'shell', `set -e\necho x > /tmp/left\nmkdir /dev/shm/d\n${empty}`],
      ['sh-next', 'shell', `# next\n${empty}`],
      ['sh-bad', 'shell', 'set -e\n[ 1 = 2 ]\n'],
    ]);
    expect(verdicts['sh-attack']?.status).toBe('failed'); // it did write there
    expect(verdicts['sh-next']?.status).toBe('passed');
    expect(verdicts['sh-bad']?.status).toBe('failed');
  }, 60_000);

  it('more files than a sweep may remove: the slot is rebuilt and the next sample finds /tmp empty', async () => {
    const restarts = executor.stats().workerRestarts;
    const flood = 'for i in range(21000):\n    open("/tmp/f%d" % i, "w").close()\n';
    const verdicts = await inOrder(
      executor,
      [
        ['flood', 'python', flood],
        ['flood-next', 'python', EMPTY('after flood')],
      ],
      { ...LIMITS, timeoutMs: 30_000 },
    );
    expect(verdicts['flood']?.status).toBe('passed');
    expect(verdicts['flood-next']?.status).toBe('passed');
    expect(executor.stats().workerRestarts).toBeGreaterThan(restarts);
  }, 90_000);

  it('/dev/shm is a tmpfs of the sandbox with a size cap, and /tmp is capped too', async () => {
    const mounts = `import errno
mounts = {line.split()[1]: line.split()[3] for line in open("/proc/self/mounts")}
assert "size=65536k" in mounts["/dev/shm"], mounts["/dev/shm"]
assert "size=262144k" in mounts["/tmp"], mounts["/tmp"]
try:
    for n in range(10):  # files of 8 MiB: one of 80 would meet RLIMIT_FSIZE (64 MiB) first
        with open("/dev/shm/big%d" % n, "wb") as handle:
            handle.write(bytes(8 << 20))
except OSError as error:
    assert error.errno == errno.ENOSPC, error
else:
    raise AssertionError("wrote 80 MiB into /dev/shm")
`;
    expect(await verdictOf(executor, mounts, { ...LIMITS, timeoutMs: 20_000 })).toMatchObject({
      status: 'passed',
    });
  }, 60_000);

  it.skipIf(!ROOT)(
    'as root, /tmp and /dev/shm have inode caps as well',
    async () => {
      const inodes = `import errno
mounts = {line.split()[1]: line.split()[3] for line in open("/proc/self/mounts")}
assert "nr_inodes=65536" in mounts["/tmp"], mounts["/tmp"]
assert "nr_inodes=4096" in mounts["/dev/shm"], mounts["/dev/shm"]
made = 0
try:
    while made < 10000:
        open("/dev/shm/i%d" % made, "w").close()
        made += 1
except OSError as error:
    assert error.errno == errno.ENOSPC, error
assert 4000 < made < 4096, made
`;
      expect(await verdictOf(executor, inodes, { ...LIMITS, timeoutMs: 20_000 })).toMatchObject({
        status: 'passed',
      });
    },
    60_000,
  );
});

describe('multiprocessing children stay inside the limits', () => {
  /** Passes only when no other process of the sample's uid is alive in the sandbox. */
  const ALONE = `import os
mine = []
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        status = open("/proc/%s/status" % pid).read()
    except OSError:
        continue
    uid = int(status.split("Uid:")[1].split()[0])
    if uid == os.getuid() and int(pid) not in (os.getpid(), os.getppid(), 1):
        mine.append(pid)
assert mine == [], mine
`;

  it('a child that loops is killed at the time limit, with nothing left running', async () => {
    const spin = `import multiprocessing as mp
def spin():
    while True:
        pass
children = [mp.Process(target=spin) for _ in range(2)]
for child in children:
    child.start()
for child in children:
    child.join()
`;
    const verdicts = await inOrder(
      executor,
      [
        ['spin', 'python', spin],
        ['spin-alone', 'python', ALONE],
        ['spin-bad', 'python', BAD_PY('spin')],
      ],
      // The children start within milliseconds; each spins (costs CPU) until the limit.
      { ...LIMITS, timeoutMs: 1000 },
    );
    expect(verdicts['spin']?.status).toBe('timeout');
    expect(verdicts['spin-alone']?.status).toBe('passed');
    expect(verdicts['spin-bad']?.status).toBe('failed');
    expect(livePrograms()).toEqual([]);
  }, 90_000);

  it('multiprocessing children count against the memory limit together', async () => {
    // Each child stays under the 512 MiB address-space limit; together they do not.
    const pool = `import multiprocessing as mp, time
def fill():
    block = bytearray(350 << 20)
    for i in range(0, len(block), 4096):
        block[i] = 1
    time.sleep(3)
children = [mp.Process(target=fill) for _ in range(2)]
for child in children:
    child.start()
for child in children:
    child.join()
assert [child.exitcode for child in children] == [0, 0], [child.exitcode for child in children]
`;
    const verdict = await verdictOf(executor, pool, { ...LIMITS, timeoutMs: 30_000 });
    if (executor.info.memoryLimit?.startsWith('cgroup')) {
      expect(verdict.status).toBe('memory');
    } else {
      expect(verdict.status).toBe('passed'); // RLIMIT_AS alone is per process
    }
    expect(livePrograms()).toEqual([]);
  }, 90_000);
});

describe('a python command and local sockets, but no network (loopback only: loopback.test.ts)', () => {
  it('`python` runs the sandbox interpreter, which is under the same filter', async () => {
    const child = `import subprocess, sys
run = lambda code: subprocess.run(["python", "-c", code], capture_output=True, text=True)
done = run("import sys; print(sys.version_info[:2])")
assert done.returncode == 0 and done.stdout.strip() == str(sys.version_info[:2]), done
net = run("import socket; socket.socket(socket.AF_NETLINK, socket.SOCK_RAW)")
assert net.returncode != 0 and "Address family not supported" in net.stderr, net
usr = run("open('/usr/passk-mark', 'w')")
assert usr.returncode != 0 and "Read-only file system" in usr.stderr, usr
`;
    expect(await verdictOf(executor, child, { ...LIMITS, timeoutMs: 20_000 })).toMatchObject({
      status: 'passed',
    });
    expect(existsSync('/opt/passk-bin')).toBe(false); // made in the sandbox's root, not here
  }, 60_000);

  it('AF_UNIX socketpair and multiprocessing pipes work; AF_INET and AF_INET6 reach no route out', async () => {
    const sockets = `import socket, multiprocessing as mp
a, b = socket.socketpair()
a.send(b"x")
assert b.recv(1) == b"x"
left, right = mp.Pipe()
left.send([1, 2])
assert right.recv() == [1, 2]
for family, address in ((socket.AF_INET, ("192.0.2.1", 80)), (socket.AF_INET6, ("2001:db8::1", 80))):
    try:
        socket.socket(family).connect(address)
    except OSError as error:
        assert error.errno == 101, error  # ENETUNREACH: the namespace has only lo
        continue
    raise AssertionError("reached %s" % (address,))
`;
    expect(await verdictOf(executor, sockets)).toMatchObject({ status: 'passed' });
    expect(executor.stats().infraErrors).toBe(0);
  }, 60_000);
});

describe('with a venv (--python-env), `python` is the venv’s', () => {
  let dir: string;
  let venvExecutor: Executor;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'passk-needs-venv-'));
    execFileSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', join(dir, 'venv')]);
    venvExecutor = await createExecutor({
      allowCodeExecution: true,
      cacheDir: false,
      workers: 1,
      pythonEnv: join(dir, 'venv'),
    });
  }, 60_000);
  afterAll(async () => {
    await venvExecutor?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs with the venv’s prefix, and the venv stays read-only', async () => {
    const venv = join(dir, 'venv');
    const source = `import subprocess
done = subprocess.run(["python", "-c", "import sys; print(sys.prefix)"], capture_output=True, text=True)
assert done.stdout.strip() == ${JSON.stringify(venv)}, done
try:
    open(${JSON.stringify(join(venv, 'bin', 'planted'))}, "w")
except OSError:
    pass
else:
    raise AssertionError("wrote into the venv")
`;
    const job = {
      id: 'venv-python',
      program: {
        language: 'python' as const,
        source,
        environment: { python: { modules: [], debianPackages: [] } },
      },
      limits: { ...LIMITS, timeoutMs: 20_000 },
    };
    expect((await venvExecutor.run([job])).get('venv-python')).toMatchObject({ status: 'passed' });
    expect(existsSync(join(venv, 'bin', 'planted'))).toBe(false);
  }, 60_000);
});

describe.each(['process', 'subprocess'])('the weaker sandbox %s', (sandbox) => {
  it('has a `python` command too, from a dir passk makes and removes', async () => {
    const weak = await createExecutor({ allowCodeExecution: true, cacheDir: false, sandbox });
    let bin = '';
    try {
      const source = `import os, shutil, subprocess, sys
done = subprocess.run(["python", "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True)
assert done.stdout.strip() == str(sys.version_info[:2]), done
raise AssertionError(os.path.dirname(shutil.which("python")))  # says where it was
`;
      const verdict = (
        await weak.run([{ id: 'py', program: { language: 'python', source }, limits: LIMITS }])
      ).get('py');
      expect(verdict).toMatchObject({ status: 'failed', errorType: 'AssertionError' });
      bin = verdict?.message ?? '';
    } finally {
      await weak.close();
    }
    expect(bin).toMatch(/passk-.*\/bin$/);
    expect(existsSync(bin)).toBe(false);
  }, 60_000);
});
