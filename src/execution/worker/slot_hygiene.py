"""What a worker does so that no sample can leave anything for the next one, or take the worker over.

Shared by worker.py (Python) and exec_worker.py (other languages):
  * `harden()`: the worker becomes non-dumpable, so no process (same uid or not) can open
    /proc/<worker>/mem, /proc/<worker>/fd or ptrace it;
  * `mount_private_tmp()`: (bwrap, root) a fresh tmpfs over the scratch root with a size AND an
    inode cap, made before the seccomp filter forbids mount, and the same inode cap on the sandbox's
    own /tmp and /dev/shm tmpfs (bwrap sets only their size); CAP_SYS_ADMIN is dropped right after;
  * `Scratch`: a fresh directory per sample, removed by a bounded, iterative walk (no recursion:
    a 1,500-deep tree is fine); anything it cannot remove within its budget asks for the slot to be
    rebuilt (the whole tmpfs is then dropped with the sandbox); what a sample left in the sandbox's
    /tmp and /dev/shm (writable by programs, so that code which hard-codes /tmp and
    multiprocessing's semaphores work) is swept the same way, so the next sample finds them empty;
  * `remove_sysv_ipc()`: SysV shared memory, queues and semaphores are removed after each sample;
  * `Cgroup`: (cgroup v2 where delegated, else v1 as root) the per-slot cgroup every sample joins,
    so memfd, shm and tmpfs pages count against the memory limit (and, v2, its processes against
    pids.max); an OOM kill there is reported as such;
  * `Loopback`: (bwrap) the slot's own network namespace, loopback only: a sample that sent
    anything over it, or left a socket open, has the slot rebuilt (a fresh namespace), so no
    TIME_WAIT port, listener or counter of one sample reaches the next.
"""

import ctypes
import os
import signal

PR_SET_DUMPABLE = 4
PR_SET_PDEATHSIG = 1
CAP_SYS_ADMIN = 21
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
MS_NOSUID, MS_NODEV, MS_REMOUNT = 2, 4, 32
# The sandbox's shared scratch places (bwrap mounts each as a sized tmpfs, mode 1777) and their
# inode caps: /tmp gets the scratch root's, /dev/shm (semaphores, shared memory) a small one.
SHARED_TMPFS = ("/tmp", "/dev/shm")
SHM_INODES = 4096
# A sample may leave at most this many entries in its scratch dir for cleanup to remove in place;
# beyond it the slot is rebuilt instead (dropping its tmpfs whole costs the kernel, not us).
CLEANUP_MAX_ENTRIES = 20000

_libc = ctypes.CDLL(None, use_errno=True)


def harden():
    """No core dumps, no /proc/<pid>/mem, no ptrace of the worker: a sample running as the same
    uid (passk not root) cannot overwrite the worker's code and forge later verdicts."""
    if _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE, 0) failed")


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _drop_capability(cap):
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    if _libc.capget(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capget failed")
    word, bit = divmod(cap, 32)
    mask = ~(1 << bit) & 0xFFFFFFFF
    data[word].effective &= mask
    data[word].permitted &= mask
    data[word].inheritable &= mask
    if _libc.capset(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capset failed")


def die_with_parent():
    """The kernel sends this process SIGKILL when its parent ends (PR_SET_PDEATHSIG)."""
    _libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


def drop_all_capabilities():
    """This process keeps none of its capabilities (bwrap's user namespace leaves the worker a few)."""
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    if _libc.capset(ctypes.byref(header), (_CapData * 2)()) != 0:
        raise OSError(ctypes.get_errno(), "capset failed")


def mount_private_tmp(path, size_bytes, inodes):
    """Mounts a tmpfs capped in bytes and inodes over `path` (inside bwrap's mount namespace), then
    gives up CAP_SYS_ADMIN for good. Returns True when mounted; False when not permitted here."""
    options = ("size=%d,nr_inodes=%d,mode=0755" % (size_bytes, inodes)).encode()
    mounted = _libc.mount(b"tmpfs", path.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, options) == 0
    if mounted:
        for shared, cap in zip(SHARED_TMPFS, (inodes, SHM_INODES)):
            if not _cap_inodes(shared, cap):
                mounted = False
    try:
        _drop_capability(CAP_SYS_ADMIN)
    except OSError:
        pass  # never had it
    return mounted


def _cap_inodes(path, inodes):
    """Adds an inode cap to a tmpfs bwrap mounted (a remount keeps its size, its mode and what is
    bound under it). True when capped; a missing path needs no cap."""
    if not os.path.isdir(path):
        return True
    options = ("nr_inodes=%d" % inodes).encode()
    flags = MS_REMOUNT | MS_NOSUID | MS_NODEV
    return _libc.mount(b"tmpfs", path.encode(), b"tmpfs", flags, options) == 0


def remove_tree(root, max_entries=CLEANUP_MAX_ENTRIES):
    """Removes `root` and everything under it, iteratively and within `max_entries`. Returns None
    when done, else why not (the caller then rebuilds the slot)."""
    seen = 0
    stack = [(root, False)]
    try:
        while stack:
            path, emptied = stack.pop()
            if emptied:
                os.rmdir(path)
                continue
            stack.append((path, True))
            with os.scandir(path) as entries:
                for entry in entries:
                    seen += 1
                    if seen > max_entries:
                        return "left more than %d files and directories" % max_entries
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((entry.path, False))
                    else:
                        os.unlink(entry.path)
    except OSError as error:
        return "could not remove what it left: %s" % (error.strerror or error)
    return None


def _usage(path):
    info = os.statvfs(path)
    return info.f_bfree, info.f_ffree


class Scratch:
    """A fresh private directory per sample under `root` (never reused: a reused directory carried
    xattrs and modes from one sample to the next). `watched` are the file systems a sample could
    write to; after cleanup they must be back to their starting usage, else the slot is rebuilt.
    Those of them in SHARED_TMPFS are swept first: what a sample left there is removed."""

    def __init__(self, root, uid, watched=()):
        self.root, self.uid, self.count = root, uid, 0
        self.baseline = {path: _usage(path) for path in watched if os.path.isdir(path)}
        # What each shared dir held before any sample (bwrap's mount points for binds under /tmp),
        # and its owner and mode (a program that owns it, passk not root, could chmod it).
        self.shared = {path: (_state(path), set(os.listdir(path))) for path in self.baseline if path in SHARED_TMPFS}

    def make(self):
        self.count += 1
        # The pid too: in the 'process' sandbox several workers share one scratch root.
        path = os.path.join(self.root, "run-%d-%d" % (os.getpid(), self.count))
        os.mkdir(path, 0o700)
        if self.uid is not None:
            os.chown(path, self.uid, self.uid)
        return path

    def drop(self, path):
        """Removes one sample's directory. Returns None, or why it could not (the sample's error)."""
        try:
            os.rmdir(path)  # the common case: the program left nothing
            return None
        except FileNotFoundError:
            return None
        except OSError:
            return remove_tree(path)

    def poisoned(self):
        """True when a watched file system holds more than it did at the start (filled, or files
        left where cleanup does not look), once what the sample left in /tmp and /dev/shm is
        swept; or when one of those was changed in a way a sweep does not undo."""
        for path, (blocks, inodes) in self.baseline.items():
            now_blocks, now_inodes = _usage(path)
            if now_blocks < blocks or now_inodes < inodes:  # the worker itself keeps nothing there
                # Past the cleanup budget (tmpfs counts every name, hard links too): rebuild instead.
                left = inodes - now_inodes
                if path not in self.shared or left > CLEANUP_MAX_ENTRIES or not self._sweep(path):
                    return True
                now_blocks, now_inodes = _usage(path)
                if now_blocks < blocks or now_inodes < inodes:
                    return True
        return any(_state(path) != state for path, (state, _) in self.shared.items())

    def _sweep(self, path):
        """Removes every entry of `path` that was not there at the start. True when all went."""
        try:
            names = os.listdir(path)
        except OSError:
            return False
        for name in names:
            if name in self.shared[path][1]:
                continue
            entry = os.path.join(path, name)
            try:
                if os.path.isdir(entry) and not os.path.islink(entry):
                    if remove_tree(entry) is not None:
                        return False
                else:
                    os.unlink(entry)
            except OSError:
                return False
        return True


def _state(path):
    info = os.lstat(path)
    return info.st_mode, info.st_uid, info.st_gid


_IPC_RMID = 0
_IPC_KINDS = ("shm", "msg", "sem")
_SHM_INFO, _MSG_INFO, _SEM_INFO = 14, 12, 19
_INFO_BUFFER = ctypes.create_string_buffer(256)


def _in_use(call, *args):
    """The first int of the *_INFO struct the call fills (or -1 when the call fails)."""
    if call(*args, _INFO_BUFFER) < 0:
        return -1
    return ctypes.c_int.from_buffer(_INFO_BUFFER).value


def sysv_in_use():
    """Whether any SysV object exists, from three cheap *_INFO calls: shm_info.used_ids, msginfo.
    msgpool (queues in use) and seminfo.semusz (sets in use, the 8th int). -1 on failure counts
    as "maybe", so the caller then looks in /proc."""
    shm = _in_use(_libc.shmctl, 0, _SHM_INFO)
    msg = _in_use(_libc.msgctl, 0, _MSG_INFO)
    if _libc.semctl(0, 0, _SEM_INFO, _INFO_BUFFER) < 0:
        sem = -1
    else:
        sem = (ctypes.c_int * 8).from_buffer(_INFO_BUFFER)[7]
    return shm != 0 or msg != 0 or sem != 0


def read_whole(path):
    """A small file's bytes through bare fds: read for every sample, and open() adds a buffered
    reader, an fstat, an ioctl and an lseek per file."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        parts = []
        while True:
            data = os.read(fd, 65536)
            if not data:
                return b"".join(parts)
            parts.append(data)
    finally:
        os.close(fd)


def sysv_objects():
    """(kind, id) of every SysV IPC object in this IPC namespace, from /proc/sysvipc."""
    found = []
    for kind in _IPC_KINDS:
        try:
            with open("/proc/sysvipc/" + kind, "rb") as handle:
                lines = handle.read().splitlines()
        except OSError:
            continue
        for line in lines[1:]:
            fields = line.split()
            if len(fields) > 1:
                found.append((kind, int(fields[1])))
    return found


def _remove_ipc(objects):
    for kind, ident in objects:
        if kind == "shm":
            _libc.shmctl(ident, _IPC_RMID, None)
        elif kind == "msg":
            _libc.msgctl(ident, _IPC_RMID, None)
        else:
            _libc.semctl(ident, 0, _IPC_RMID)


def remove_sysv_ipc(uid):
    """Removes every SysV object (a 2 GiB segment outlived its sample and the next sample read
    it). The worker has no CAP_IPC_OWNER: as the program's uid (the objects' creator) it may.
    Returns True when none is left."""
    if not sysv_in_use():
        return True
    objects = sysv_objects()
    if not objects:
        return True
    if uid is None:
        _remove_ipc(objects)
    else:
        pid = os.fork()
        if pid == 0:
            try:
                os.setgroups([])
                os.setgid(uid)
                os.setuid(uid)
                _remove_ipc(objects)
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
    return not sysv_objects()


class Cgroup:
    """The slot's cgroup, bound into the sandbox by passk (sandboxes/cgroup.ts): cgroup v2 when it has
    memory.max (then pids.max too when the pids controller is on), else v1's memory controller.
    Samples join it in the forked child (the worker stays outside, so an OOM kill there never takes
    the worker); its limits are the step's, written only when they change."""

    def __init__(self, path):
        self.procs = os.open(os.path.join(path, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
        self.v2 = os.path.exists(os.path.join(path, "memory.max"))
        limit_file, events_file = (
            ("memory.max", "memory.events") if self.v2 else ("memory.limit_in_bytes", "memory.oom_control")
        )
        self.limit_fd = os.open(os.path.join(path, limit_file), os.O_WRONLY | os.O_CLOEXEC)
        # Kept open and re-read with pread: one system call per sample instead of three. Both files
        # count the kernel's kills at the limit on an "oom_kill N" line.
        self.oom_fd = os.open(os.path.join(path, events_file), os.O_RDONLY | os.O_CLOEXEC)
        pids = os.path.join(path, "pids.max")
        self.pids_fd = os.open(pids, os.O_WRONLY | os.O_CLOEXEC) if self.v2 and os.path.exists(pids) else None
        self.limit = None
        self.pids = None
        self.kills = self.oom_kills()

    def set_limit(self, limit, processes=None):
        if self.pids_fd is not None and processes is not None and processes != self.pids:
            os.write(self.pids_fd, str(int(processes)).encode())
            self.pids = processes
        if limit == self.limit:
            return
        try:
            os.write(self.limit_fd, str(int(limit)).encode())
            self.limit = limit
        except OSError:
            # v1's EBUSY: more is charged than the new limit (e.g. a compile step's outputs in the
            # scratch tmpfs before a smaller run limit). Keep the larger limit for this step;
            # RLIMIT_AS still applies, and the next sample tries again on an emptied cgroup.
            # (v2 takes any limit, and reclaims down to it.)
            pass

    def join(self):
        """In the forked child, before anything else: this process and its future children."""
        os.write(self.procs, b"0")

    def oom_kills(self):
        for line in os.pread(self.oom_fd, 4096, 0).splitlines():
            if line.startswith(b"oom_kill "):
                return int(line.split()[1])
        return 0

    def killed_for_memory(self):
        """True when the kernel OOM-killed something in the cgroup since the last call."""
        now = self.oom_kills()
        killed, self.kills = now > self.kills, now
        return killed


def read_setup_channel(fd):
    """What the child wrote on its setup pipe before running (or exec-ing) the program: b"" once
    every writer is gone. The program never holds this fd, so it cannot write here."""
    os.set_blocking(fd, False)
    data = b""
    try:
        while len(data) < 4096:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    except BlockingIOError:
        pass
    os.close(fd)
    return data


class Loopback:
    """The slot's network namespace (bwrap makes one per worker, with only `lo`, up): programs may
    use AF_INET/AF_INET6 there (BigCodeBench's socket tasks bind and connect on 127.0.0.1). What a
    sample could leave behind after all its processes are killed needs traffic (a TCP connection's
    TIME_WAIT holds its port: a fixed-port server of the next sample would get EADDRINUSE), and
    traffic shows in lo's packet counters; an open socket shows in sockstat's per-namespace
    `inuse`. Either differing from the fresh namespace's means: rebuild the slot. Both files are
    cheap to read (not /proc/net/tcp, which walks the host's whole hash table: ~30 ms)."""

    FILES = ("/proc/net/dev", "/proc/net/sockstat", "/proc/net/sockstat6")

    def __init__(self):
        self.baseline = self.state()

    @staticmethod
    def state():
        """lo's line of /proc/net/dev and every `inuse` count, or None when unreadable."""
        try:
            lo = [line for line in read_whole(Loopback.FILES[0]).split(b"\n") if line.strip().startswith(b"lo:")]
        except OSError:
            return None
        inuse = []
        for path in Loopback.FILES[1:]:
            try:
                lines = read_whole(path).split(b"\n")
            except OSError:
                continue
            for line in lines:
                fields = line.split()
                if b"inuse" in fields[:-1]:
                    inuse.append((fields[0], fields[fields.index(b"inuse") + 1]))
        return (tuple(lo), tuple(inuse))

    def available(self):
        """Whether a sample's use can be seen: only then are AF_INET sockets allowed."""
        return self.baseline is not None and len(self.baseline[0]) == 1

    def used(self):
        return self.state() != self.baseline
