/**
 * The compiled-artifact cache (worker/artifact_cache.py) as the exec worker uses it: toolchain
 * folders (go-build/, rust-crates/) are exempt from eviction, and a cached compile error is
 * written whole or not at all. Real Python on a real folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pythonSupportDir } from './languages/kit/worker-host.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'passk-artifact-cache-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function python(body: string): unknown {
  const script = `
import json, os, sys
sys.path.insert(0, sys.argv[1])
import artifact_cache, exec_worker
root = sys.argv[2]
${body}
`;
  const output = execFileSync('/usr/bin/python3', ['-c', script, pythonSupportDir(), root], {
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('artifact cache eviction', () => {
  it('evicts shard entries but never the toolchain folders, however old and large', () => {
    const result = python(`
cache = artifact_cache.ArtifactCache(os.path.join(root, "cache"), max_total=3 << 20, max_entry=2 << 20)
for folder in ("go-build/seed/0a", "rust-crates/rust-crates-0123/deps"):
    os.makedirs(os.path.join(cache.root, folder))
    with open(os.path.join(cache.root, folder, "dep.a"), "wb") as handle:
        handle.write(b"d" * (2 << 20))
    os.utime(os.path.join(cache.root, folder.split("/")[0]), (0, 0))  # the oldest of all
scratch = os.path.join(root, "scratch")
os.makedirs(scratch)
for i in range(4):
    with open(os.path.join(scratch, "out"), "wb") as handle:
        handle.write(b"x" * (1 << 20))
    cache.store(scratch, ["out"], "%02x" % i + "f" * 62)
entries = sorted(e for s in os.listdir(cache.root) if len(s) == 2 for e in os.listdir(os.path.join(cache.root, s)))
print(json.dumps({
    "go": os.path.getsize(os.path.join(cache.root, "go-build/seed/0a/dep.a")),
    "rust": os.path.getsize(os.path.join(cache.root, "rust-crates/rust-crates-0123/deps/dep.a")),
    "entries": len(entries),
}))
`) as { go: number; rust: number; entries: number };
    expect(result.go).toBe(2 << 20);
    expect(result.rust).toBe(2 << 20);
    // 4 MiB of shard entries under a 3 MiB cap: some went (toolchain bytes are not counted).
    expect(result.entries).toBeGreaterThan(0);
    expect(result.entries).toBeLessThan(4);
  });
});

describe('cached compile errors', () => {
  it('are stored whole, with no staging file left beside them', () => {
    const result = python(`
cache = artifact_cache.ArtifactCache(os.path.join(root, "cache"))
key = "ab" + "0" * 62
cache.store_failure(key, {"ok": False, "exitCode": 1, "stderrTail": "x" * 5000})
print(json.dumps({"found": cache.lookup(key), "files": sorted(os.listdir(os.path.join(cache.root, "ab")))}))
`) as { found: [string, { exitCode: number; stderrTail: string }]; files: string[] };
    expect(result.found[0]).toBe('failed');
    expect(result.found[1].stderrTail).toHaveLength(5000);
    expect(result.files).toEqual([`ab${'0'.repeat(62)}.failed.json`]);
  });

  it('are not cached when Go had no seeded build cache (the machine, not the program)', () => {
    const outcome = (stderrTail: string) =>
      `{"timedOut": False, "outputExceeded": False, "exitCode": 1, "stderrTail": ${JSON.stringify(stderrTail)}}`;
    const result = python(`
print(json.dumps([
    exec_worker._program_fault(${outcome('go: failed to initialize build cache at /c/go-build/seed: mkdir /c/go-build/seed: permission denied')}),
    exec_worker._program_fault(${outcome('program_test.go:4:5: cannot find package "github.com/stretchr/testify/assert" in any of:')}),
    exec_worker._program_fault(${outcome('./program_test.go:7:2: undefined: x')}),
]))
`);
    expect(result).toEqual([false, false, true]);
  });
});
