import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, vi } from 'vitest';

/**
 * The compiled-artifact cache tests share across runs (languages.test.ts passes it to its
 * executor; the registry shards get it through $PASSK_ARTIFACTS_DIR).
 */
export const TEST_ARTIFACTS_DIR = join(tmpdir(), 'passk-test-artifacts');

/**
 * For this test file, executors created without an artifactsDir keep compiled programs and
 * toolchain support (Rust's crates, Go's seeded build cache, C++'s precompiled headers) in
 * TEST_ARTIFACTS_DIR, which outlives the run, instead of the run's fresh scratch cache: a fresh
 * one rebuilt them every run (~45 s of CPU in the 'rest' shard). Verdicts stay in the scratch
 * cache, so every program still runs. The cache is content-addressed (compiler version, flags,
 * files): a cached binary, or a cached compile error, is what that source compiles to. Restored
 * after the file (the unit project's workers run other files next).
 */
export function useTestArtifacts(): void {
  vi.stubEnv('PASSK_ARTIFACTS_DIR', TEST_ARTIFACTS_DIR);
  afterAll(() => vi.unstubAllEnvs());
}
