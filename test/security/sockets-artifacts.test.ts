/**
 * Socket families are allow-listed by the seccomp filter (AF_UNIX only in the default sandbox:
 * AF_VSOCK reached the hypervisor's side, which no network namespace hides), and the compiled-
 * artifact cache is capped: an entry above the per-entry cap is not kept, and the least recently
 * used entries are evicted when the total passes its cap.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import { pythonSupportDir } from '../../src/execution/languages/kit/worker-host.js';
import type { Executor } from '../../src/execution/types.js';
import { BAD_PY, GOOD_PY, inOrder, LIMITS } from './helpers.js';

let executor: Executor;
let artifacts: string;

beforeAll(async () => {
  artifacts = mkdtempSync(join(tmpdir(), 'passk-security-artifacts-cap-'));
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

// Passes only if every family but UNIX and INET/INET6 (the slot's own loopback, see
// loopback.test.ts) is refused and AF_UNIX still works.
const PY_SOCKETS = `import socket
a, b = socket.socketpair()
a.sendall(b"x")
assert b.recv(1) == b"x"
refused = []
for family, kind in [(40, socket.SOCK_STREAM), (socket.AF_NETLINK, socket.SOCK_RAW),
                     (socket.AF_PACKET, socket.SOCK_RAW), (socket.AF_BLUETOOTH, socket.SOCK_STREAM)]:
    try:
        socket.socket(family, kind).close()
    except OSError as error:
        refused.append(error.errno == 97)  # EAFNOSUPPORT
assert refused == [True] * 4, refused
`;
const CPP_VSOCK =
  '#include <cassert>\n#include <cerrno>\n#include <sys/socket.h>\nint main() { assert(socket(40 /* AF_VSOCK */, SOCK_STREAM, 0) < 0 && errno == EAFNOSUPPORT); }\n';

describe('socket families', () => {
  it('only AF_UNIX and AF_INET/INET6 open, in Python and in C++; neighbours keep their verdicts', async () => {
    const verdicts = await inOrder(
      executor,
      [
        ['sock-good', 'python', GOOD_PY('sockets first')],
        ['sock-py', 'python', PY_SOCKETS],
        ['sock-cpp', 'cpp', CPP_VSOCK],
        ['sock-good-after', 'python', GOOD_PY('sockets after')],
        ['sock-bad', 'python', BAD_PY('sockets')],
      ],
      { ...LIMITS, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 },
    );
    expect(verdicts['sock-py']?.status).toBe('passed');
    expect(verdicts['sock-cpp']?.status).toBe('passed');
    expect(verdicts['sock-good']?.status).toBe('passed');
    expect(verdicts['sock-good-after']?.status).toBe('passed');
    expect(verdicts['sock-bad']?.status).toBe('failed');
  }, 90_000);
});

/** Sizes of the files under `dir`, recursively. */
function sizes(dir: string): number[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => statSync(join(dir, name)))
    .filter((stat) => stat.isFile())
    .map((stat) => stat.size);
}

describe('the compiled-artifact cache', () => {
  it('does not keep a binary above the per-entry cap, yet runs it', async () => {
    // A 40 MiB initialised array makes a ~40 MiB binary (the per-entry cap is 32 MiB).
    const big =
      '#include <cassert>\nchar big[40 << 20] = {1};\nint main(int argc, char **) { assert(big[argc * 4096] == 0); }\n';
    const small = '#include <cassert>\nint main() { assert(2 + 2 == 4); }\n';
    const verdicts = await inOrder(
      executor,
      [
        ['big-binary', 'cpp', big],
        ['small-binary', 'cpp', small],
      ],
      { ...LIMITS, timeoutMs: 30_000, memoryBytes: 2 * 2 ** 30 },
    );
    expect(verdicts['big-binary']?.status).toBe('passed');
    expect(verdicts['small-binary']?.status).toBe('passed');
    const kept = sizes(artifacts);
    expect(kept.length).toBeGreaterThan(0); // the small one was stored
    expect(Math.max(...kept)).toBeLessThan(32 * 2 ** 20);
  }, 90_000);

  it('evicts the least recently used entries when the total passes its cap', () => {
    const root = mkdtempSync(join(tmpdir(), 'passk-security-evict-'));
    try {
      const script = `
import json, os, sys
sys.path.insert(0, sys.argv[1])
import artifact_cache
root = sys.argv[2]
cache = artifact_cache.ArtifactCache(os.path.join(root, "cache"), max_total=3 << 20, max_entry=2 << 20)
os.makedirs(cache.root)
scratch = os.path.join(root, "scratch")
os.makedirs(scratch)
stored = []
for i, size in enumerate([1, 1, 1, 1, 1, 3]):
    with open(os.path.join(scratch, "out"), "wb") as handle:
        handle.write(b"x" * (size << 20))
    stored.append(cache.store(scratch, ["out"], "k%02d" % i) is not None)
left = sorted(e for shard in os.listdir(cache.root) for e in os.listdir(os.path.join(cache.root, shard)))
total = sum(artifact_cache.tree_bytes(os.path.join(cache.root, s)) for s in os.listdir(cache.root))
print(json.dumps({"stored": stored, "left": left, "total": total}))
`;
      const output = execFileSync('/usr/bin/python3', ['-c', script, pythonSupportDir(), root], {
        encoding: 'utf8',
      });
      const result = JSON.parse(output) as { stored: boolean[]; left: string[]; total: number };
      expect(result.stored).toEqual([true, true, true, true, true, false]);
      expect(result.total).toBeLessThanOrEqual(3 * 2 ** 20);
      expect(result.left).toContain('k04'); // the newest stays
      expect(result.left).not.toContain('k00'); // the oldest went first
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
