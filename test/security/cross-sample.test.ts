/**
 * No state crosses from one sample to the next on the same slot: a fresh scratch dir per sample
 * (xattrs and modes do not carry over), SysV IPC objects removed after each sample, a filled or
 * poisoned slot rebuilt, and a compile failure the machine may have caused never cached.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor } from '../../src/execution/types.js';
import { BAD_PY, GOOD_PY, inOrder, LIMITS } from './helpers.js';

let executor: Executor;
let artifacts: string;

beforeAll(async () => {
  artifacts = mkdtempSync(join(tmpdir(), 'passk-security-cross-'));
  executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: artifacts,
    workers: 1,
  });
}, 60_000);
afterAll(async () => {
  await executor?.close();
  rmSync(artifacts, { recursive: true, force: true });
});

/** Every file under `dir`, relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

describe('no state crosses samples on one slot', () => {
  it('an xattr or mode set on the scratch dir is not seen by the next sample', async () => {
    const attack =
      'import os\nos.setxattr(".", "user.passk_mark", b"planted")\nos.chmod(".", 0o777)\nopen("left.txt", "w").write("x")\n';
    // Passes only in a fresh, untouched dir; the same check run by the attacker itself must fail.
    const check = (tag: string) =>
      `# ${tag}\nimport os, stat\nassert os.listxattr(".") == []\nassert stat.S_IMODE(os.stat(".").st_mode) == 0o700\nassert os.listdir(".") == []\n`;
    const verdicts = await inOrder(executor, [
      ['xattr-attack', 'python', `${attack}${check('self')}`],
      ['xattr-good', 'python', check('next')],
      ['xattr-bad', 'python', BAD_PY('xattr')],
    ]);
    expect(verdicts['xattr-attack']?.status).toBe('failed'); // the attack itself did take effect
    expect(verdicts['xattr-good']?.status).toBe('passed');
    expect(verdicts['xattr-bad']?.status).toBe('failed');
  }, 60_000);

  it('a SysV shared memory segment does not outlive its sample', async () => {
    const shm = `import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.shmat.restype = ctypes.c_void_p\nKEY = 0x5A5A17\n`;
    const attack = `${shm}sid = libc.shmget(KEY, 1 << 20, 0o1666)\nassert sid >= 0\naddr = libc.shmat(sid, None, 0)\nctypes.memmove(addr, b"answer=42", 9)\n`;
    // Passes only if no segment with that key exists any more.
    const check = `${shm}assert libc.shmget(KEY, 0, 0) == -1 and ctypes.get_errno() == 2\n`;
    const verdicts = await inOrder(executor, [
      ['shm-good', 'python', GOOD_PY('shm first')],
      ['shm-attack', 'python', attack],
      ['shm-check', 'python', check],
      ['shm-bad', 'python', BAD_PY('shm')],
    ]);
    expect(verdicts['shm-attack']?.status).toBe('passed'); // the segment was really made
    expect(verdicts['shm-check']?.status).toBe('passed');
    expect(verdicts['shm-good']?.status).toBe('passed');
    expect(verdicts['shm-bad']?.status).toBe('failed');
  }, 60_000);

  it('a JavaScript sample that fills the tmpfs does not break the next C++ compile, nor get it cached as failed', async () => {
    // Fills the scratch tmpfs (files of 60 MiB, under the file-size limit) until ENOSPC.
    const fill = `const fs = require('node:fs');\nconst chunk = Buffer.alloc(1 << 20, 1);\ntry {\n  for (let f = 0; f < 16; f++) {\n    const fd = fs.openSync('fill' + f, 'w');\n    for (let i = 0; i < 60; i++) fs.writeSync(fd, chunk);\n    fs.closeSync(fd);\n  }\n} catch (e) {}\n`;
    const good =
      '#include <cassert>\n#include <vector>\nint main() { std::vector<int> v{3, 1, 2}; assert(v.size() == 3); }\n';
    const bad = '#include <cassert>\nint main() { assert(1 + 1 == 3); }\n';
    const limits = { ...LIMITS, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 };
    const verdicts = await inOrder(
      executor,
      [
        ['fill-attack', 'javascript', fill],
        ['fill-good', 'cpp', good],
        ['fill-bad', 'cpp', bad],
        ['fill-py', 'python', GOOD_PY('after fill')],
      ],
      limits,
    );
    expect(verdicts['fill-good']?.status).toBe('passed');
    expect(verdicts['fill-bad']?.status).toBe('failed');
    expect(verdicts['fill-py']?.status).toBe('passed');
    expect(executor.stats().infraErrors).toBe(0);
    expect(filesUnder(artifacts).filter((f) => f.endsWith('.failed.json'))).toEqual([]);
  }, 120_000);

  it('a compile that runs out of scratch space is an error for that sample and is never cached', async () => {
    // A 300 MiB initialised array: the object file does not fit the 256 MiB scratch tmpfs (the
    // file-size limit is raised above it, so the assembler meets ENOSPC, not SIGXFSZ).
    const huge =
      '#include <cassert>\nchar big[300 << 20] = {1};\nint main(int argc, char **) { assert(big[argc * 4096] == 0); }\n';
    const limits = {
      ...LIMITS,
      timeoutMs: 30_000,
      memoryBytes: 2 * 2 ** 30,
      maxFileBytes: 2 ** 30,
    };
    const verdicts = await inOrder(
      executor,
      [
        ['enospc-attack', 'cpp', huge],
        ['enospc-good', 'python', GOOD_PY('after enospc')],
        ['enospc-bad', 'python', BAD_PY('enospc')],
      ],
      limits,
    );
    expect(verdicts['enospc-attack']).toMatchObject({
      status: 'error',
      message: expect.stringContaining('No space left on device'),
    });
    expect(verdicts['enospc-good']?.status).toBe('passed');
    expect(verdicts['enospc-bad']?.status).toBe('failed');
    expect(filesUnder(artifacts).filter((f) => f.endsWith('.failed.json'))).toEqual([]);
  }, 120_000);
});
