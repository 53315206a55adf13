"""A small seccomp filter for programs: refuses the system calls a test program never needs and
that widen the kernel attack surface (new namespaces, mounts, ptrace, keyrings, bpf, io_uring, …).

Defence in depth, on top of the namespaces and the uid drop: denied calls fail with EPERM (the
program sees an ordinary OSError) rather than killing it, so verdicts stay readable. x86-64 only;
elsewhere `install()` does nothing and says so through `available()`.
"""

import ctypes
import errno
import platform
import struct

_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_LD_W_ABS, _JEQ_K, _JGE_K, _JSET_K, _RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_RET_ALLOW = 0x7FFF0000
_RET_KILL_PROCESS = 0x80000000
_RET_EPERM = 0x00050000 | errno.EPERM
_RET_ENOSYS = 0x00050000 | errno.ENOSYS
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2

# x86-64 numbers of the refused calls.
_DENIED = {
    "ptrace": 101, "personality": 135, "pivot_root": 155, "chroot": 161, "acct": 163,
    "mount": 165, "umount2": 166, "swapon": 167, "swapoff": 168, "reboot": 169,
    "init_module": 175, "delete_module": 176, "quotactl": 179, "lookup_dcookie": 212,
    "kexec_load": 246, "add_key": 248, "request_key": 249, "keyctl": 250, "unshare": 272,
    "perf_event_open": 298, "fanotify_init": 300, "name_to_handle_at": 303,
    "open_by_handle_at": 304, "setns": 308, "process_vm_readv": 310, "process_vm_writev": 311,
    "finit_module": 313, "kexec_file_load": 320, "bpf": 321, "userfaultfd": 323,
    "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427, "open_tree": 428,
    "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
    "mount_setattr": 442,
    # POSIX message queues live in the IPC namespace with no directory to clean them from.
    "mq_open": 240,
}
_CLONE = 56
_CLONE3 = 435  # answered ENOSYS: libc then falls back to clone(), whose flags we can inspect
# CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
_CLONE_NAMESPACE_FLAGS = 0x7E020000
# Socket families are allow-listed: AF_UNIX only in the bwrap sandbox (socketpair, multiprocessing,
# asyncio), plus AF_INET/AF_INET6 in the weaker backends, which keep the host's network by design.
# Never AF_NETLINK, AF_PACKET, AF_VSOCK (which reached the hypervisor's side), ...
_SOCKET, _SOCKETPAIR = 41, 53
_AF_UNIX, _AF_INET, _AF_INET6 = 1, 2, 10
_RET_EAFNOSUPPORT = 0x00050000 | errno.EAFNOSUPPORT


def _instruction(code, jt, jf, k):
    return struct.pack("<HBBI", code, jt, jf, k)


def _program(inet):
    ops = [
        _instruction(_LD_W_ABS, 0, 0, 4),  # arch
        _instruction(_JEQ_K, 1, 0, _AUDIT_ARCH_X86_64),
        _instruction(_RET_K, 0, 0, _RET_KILL_PROCESS),
        _instruction(_LD_W_ABS, 0, 0, 0),  # syscall number
        _instruction(_JGE_K, 0, 1, _X32_SYSCALL_BIT),
        _instruction(_RET_K, 0, 0, _RET_EPERM),
        _instruction(_JEQ_K, 0, 1, _CLONE3),
        _instruction(_RET_K, 0, 0, _RET_ENOSYS),
    ]
    for number in sorted(_DENIED.values()):
        ops.append(_instruction(_JEQ_K, 0, 1, number))
        ops.append(_instruction(_RET_K, 0, 0, _RET_EPERM))
    ops += [
        _instruction(_JEQ_K, 0, 4, _CLONE),
        _instruction(_LD_W_ABS, 0, 0, 16),  # clone flags (low 32 bits of the first argument)
        _instruction(_JSET_K, 0, 1, _CLONE_NAMESPACE_FLAGS),
        _instruction(_RET_K, 0, 0, _RET_EPERM),
        _instruction(_RET_K, 0, 0, _RET_ALLOW),
    ]
    families = (_AF_UNIX, _AF_INET, _AF_INET6) if inet else (_AF_UNIX,)
    n = len(families)
    ops += [
        _instruction(_JEQ_K, 1, 0, _SOCKET),
        _instruction(_JEQ_K, 0, n + 2, _SOCKETPAIR),
        _instruction(_LD_W_ABS, 0, 0, 16),  # the address family (first argument)
    ]
    # The i-th family test jumps over the remaining tests and the refusal, to the allow.
    ops += [_instruction(_JEQ_K, n - i, 0, family) for i, family in enumerate(families)]
    ops += [
        _instruction(_RET_K, 0, 0, _RET_EAFNOSUPPORT),
        _instruction(_RET_K, 0, 0, _RET_ALLOW),
    ]
    return b"".join(ops)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def available():
    return platform.machine() == "x86_64"


if available():
    _prctl = ctypes.CDLL(None, use_errno=True).prctl


def install(inet=True):
    """Applies the filter to this process and its future children. Raises OSError on failure.
    `inet`: whether AF_INET/AF_INET6 sockets are allowed (not in the bwrap sandbox)."""
    if not available():
        return
    program = _program(inet)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.addressof(buffer))
    if _prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if _prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
