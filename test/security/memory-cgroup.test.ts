/**
 * The memory limit covers what a sample can pin outside its own address space: many processes
 * each under RLIMIT_AS, SysV shared memory, memfd and tmpfs pages. The default sandbox puts every
 * sample in its slot's memory cgroup (cgroup v2 where memory is delegated to passk; else v1, when
 * passk runs as root and the controller is there, as on this project's machines); ExecutorInfo
 * says which limit is in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/execution/types.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { BAD_PY, FORKS_OVER_MEMORY_PY, GOOD_PY, inOrder, LIMITS } from './helpers.js';

let executor: Executor;

beforeAll(async () => {
  executor = await securityExecutor(1);
}, 60_000);
afterAll(async () => {
  await executor?.close();
});

// SysV segments are not in anyone's address space until attached: three processes attach and
// fill 300 MiB segments one after the other, each detaching before the next.
const SHM = `import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
for n in range(3):
    sid = libc.shmget(0x7000 + n, 300 << 20, 0o1600)
    assert sid >= 0
    pid = os.fork()
    if pid == 0:
        addr = libc.shmat(sid, None, 0)
        ctypes.memset(addr, 1, 300 << 20)
        libc.shmdt(ctypes.c_void_p(addr))
        os._exit(0)
    assert os.waitpid(pid, 0)[1] == 0
`;

describe('memory pinned outside the address space', () => {
  it('is limited by the per-slot memory cgroup, as ExecutorInfo records', () => {
    // v1 on this project's machines; v2 where memory is delegated (see cgroup-v2.test.ts)
    expect(executor.info.memoryLimit).toMatch(/^cgroup-v[12] per slot \+ RLIMIT_AS$/);
  });

  for (const [name, attack] of [
    ['six forks of 350 MiB', FORKS_OVER_MEMORY_PY],
    ['three 300 MiB SysV segments', SHM],
  ] as const) {
    it(`${name} under a 512 MiB limit is a memory verdict; neighbours keep theirs`, async () => {
      const tag = name.replace(/\W+/g, '-');
      const verdicts = await inOrder(
        executor,
        [
          [`${tag}-good`, 'python', GOOD_PY(`${tag} first`)],
          [`${tag}-attack`, 'python', attack],
          [`${tag}-good-after`, 'python', GOOD_PY(`${tag} after`)],
          [`${tag}-bad`, 'python', BAD_PY(tag)],
        ],
        { ...LIMITS, timeoutMs: 30_000 },
      );
      expect(verdicts[`${tag}-attack`]).toMatchObject({ status: 'memory' });
      expect(verdicts[`${tag}-good`]?.status).toBe('passed');
      expect(verdicts[`${tag}-good-after`]?.status).toBe('passed');
      expect(verdicts[`${tag}-bad`]?.status).toBe('failed');
      expect(executor.stats().infraErrors).toBe(0);
    }, 90_000);
  }
});
