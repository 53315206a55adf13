"""The worker's side of the judge kept per slot (judge_loop.py): starting it, handing it a
sample, and deciding before every sample that it is still the process it started.

A candidate runs with the worker's uid where passk is not root, so it can signal the judge and
change what the kernel lets a process change in another of the same uid: its rlimits, its
priority and scheduling policy, its CPU affinity, its cgroup. It cannot read or write the judge's
memory (non-dumpable; ptrace and process_vm_* are refused by the seccomp filter too). Each of
those is read back before the judge gets a sample (`fit`), after every process of the previous
sample is gone; a judge that was stopped is continued, one that differs or ended is replaced. A
judge is also replaced whenever a sample ended other than cleanly (a time or output limit, no
answer, leftovers to kill: fork_run.kill_leftovers may kill every process of the slot).
"""

import _socket
import fcntl
import json
import os
import resource
import select
import signal
import struct

import fork_run
import judge_loop
import protocol
import runner
import slot_hygiene

# What the judge must answer within once its verdict pipe closed (it only puts its state back).
DONE_WAIT_S = 10.0
_CHECKED_LIMITS = (resource.RLIMIT_AS, resource.RLIMIT_CPU, resource.RLIMIT_FSIZE, resource.RLIMIT_NOFILE,
                   resource.RLIMIT_CORE, resource.RLIMIT_NPROC, resource.RLIMIT_DATA, resource.RLIMIT_STACK)


class JudgeGone(Exception):
    """The judge did not answer as it should: it is replaced, and the sample is an error
    (judgeExit: JudgeEnded), never a pass."""


class SlotJudge:
    """The slot's judge: at most one live one; `for_sample` starts one when there is none.
    `same_uid`: whether candidates run with the judge's uid (no uid drop: passk not root), the
    only case where they can change it from outside (a dropped uid has no right to)."""

    def __init__(self, same_uid):
        self.current = None
        self.same_uid = same_uid

    def live(self):
        """The live judge, or None (never started, retired, or ended)."""
        if self.current is not None and self.current.ended:
            self.current = None
        return self.current

    def for_sample(self, settings, tests_in):
        """A judge fit for the next sample, with these rlimits (a new one if they changed)."""
        settings = [(which, value) for which, value in settings if which != resource.RLIMIT_CPU]
        judge = self.live()
        if judge is not None and (settings != judge.settings or not judge.fit()):
            judge.retire()
            judge = None
        if judge is None:
            judge = self.current = LiveJudge(settings, tests_in, self.same_uid)
        return judge


class LiveJudge:
    """One judge process, from its start to its end."""

    def __init__(self, settings, tests_in, same_uid):
        pair = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
        # Above the fds a program gets, as the worker's other channels (every child closes those).
        moved = fcntl.fcntl(pair[0].fileno(), fcntl.F_DUPFD_CLOEXEC, protocol.WORKER_FD_FLOOR)
        pair[0].close()
        control, judge_end = _socket.socket(fileno=moved), pair[1]
        pid = os.fork()
        if pid == 0:
            try:
                control.close()
                _become_judge(settings, judge_end.fileno(), tests_in)
                judge_loop.serve(judge_end, tests_in)
            finally:
                os._exit(1)
        judge_end.close()
        self.pid, self.pidfd, self.control, self.settings = pid, os.pidfd_open(pid), control, settings
        self.ended = False
        self.same_uid = same_uid
        self.samples = 0  # handed to it so far
        self.cpu_ms = 0.0  # the judge's own CPU when its last sample ended
        self.times = None  # (process CPU, CPU, wait) then: the pair clock's base for the judge
        try:
            self._note(self._answer())
            self.looks = self._looks() if same_uid else None
        except (JudgeGone, OSError):
            self.retire()
            raise

    def send(self, request, scratch_dir, fds):
        """Hands the judge one sample: its tests are already on the channel."""
        message = {"testsBytes": int(request["testsBytes"]), "entryPoints": request.get("entryPoints") or [],
                   "scratch": scratch_dir}
        self.samples += 1
        rights = (_socket.SOL_SOCKET, _socket.SCM_RIGHTS, struct.pack("%di" % len(fds), *fds))
        self.control.sendmsg([json.dumps(message).encode()], [rights])

    def finish(self):
        """After the verdict pipe closed: (the judge's CPU for this sample, whether it failed).
        Retires a judge that says it is not fit, or does not answer."""
        try:
            os.kill(self.pid, signal.SIGCONT)  # stopped by the sample's processes, now all gone
            done = self._answer()
        except (JudgeGone, OSError):
            return self.retire(), True
        before = self.cpu_ms
        self._note(done)
        used = self.cpu_ms - before
        if done.get("fit") is not True:
            self.retire()
        return max(0.0, used), done.get("failed") is not False

    def _note(self, message):
        """What the judge says of itself when it starts or ends a sample: its CPU and waits."""
        self.cpu_ms = float(message.get("cpuMs", self.cpu_ms))
        times = message.get("times")
        self.times = tuple(float(x) for x in times) if type(times) is list and len(times) == 3 else None

    def retire(self):
        """Ends the judge and reaps it. Returns the CPU it used since its last sample."""
        if self.ended:
            return 0.0
        for kill in (os.killpg, os.kill):
            try:
                kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            _, _, usage = os.wait4(self.pid, 0)
            used = (usage.ru_utime + usage.ru_stime) * 1000.0 - self.cpu_ms
        except ChildProcessError:  # reaped by a kill of the whole slot
            used = 0.0
        self.reaped()
        return max(0.0, used)

    def reaped(self):
        """The judge's process is gone and reaped: let go of its fds."""
        os.close(self.pidfd)
        self.control.close()
        self.ended = True

    def fit(self):
        """Alive, running, and unchanged since it started (see the module doc)."""
        try:
            ended = os.waitpid(self.pid, os.WNOHANG) != (0, 0)
        except ChildProcessError:  # already reaped (a kill of the whole slot)
            ended = True
        if ended:
            self.reaped()
            return False
        if not self.same_uid:
            return True  # candidates cannot signal or change it: it ended, or is as it was
        try:
            os.kill(self.pid, signal.SIGCONT)
            return self._looks() == self.looks
        except OSError:
            return False

    def _looks(self):
        pid = self.pid
        return (
            [resource.prlimit(pid, which) for which in _CHECKED_LIMITS],
            os.getpriority(os.PRIO_PROCESS, pid),
            os.sched_getscheduler(pid),
            os.sched_getparam(pid).sched_priority,
            os.sched_getaffinity(pid),
            fork_run._read("/proc/%d/cgroup" % pid),
        )

    def _answer(self):
        """The judge's next control message (a dict), or JudgeGone."""
        ready, _, _ = select.select([self.control], [], [], DONE_WAIT_S)
        if not ready:
            raise JudgeGone("the judge did not answer")
        try:
            data = self.control.recv(1 << 12)
            message = json.loads(data) if data else None
        except (OSError, ValueError):
            message = None
        if type(message) is not dict:
            raise JudgeGone("the judge ended")
        return message


def _become_judge(settings, control_fd, tests_in):
    """In the forked judge: its own session, the slot's rlimits but no CPU limit (left out by
    for_sample: the pair's clock bounds each sample, an rlimit would count every sample's CPU), no
    fd but its two, no capabilities, and an end with the worker's."""
    os.setsid()
    runner.apply_limits(settings)
    keep = sorted((control_fd, tests_in))
    low = 3
    for fd in keep:
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 1 << 16)
    slot_hygiene.drop_all_capabilities()
    slot_hygiene.die_with_parent()
