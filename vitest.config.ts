import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const scratch = mkdtempSync(join(tmpdir(), 'passk-test-cache-'));

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: {
      // A fresh cache per test run: verdicts cached by an earlier run must never stand in for
      // executing the programs a test is about.
      PASSK_CACHE_DIR: scratch,
    },
  },
});
