import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { removeLeftoverCgroups } from './test/helpers/cpu-accounting.js';
import LongestFirst from './test/setup/sequencer.js';

// vitest evaluates this file more than once per run (root and projects): one scratch per run.
if (process.env['PASSK_TEST_SCRATCH'] === undefined) {
  process.env['PASSK_TEST_SCRATCH'] = mkdtempSync(join(tmpdir(), 'passk-test-cache-'));
} else if (process.env['PASSK_TEST_SCRATCH_CHECKED'] === undefined) {
  refuseUsedScratch(process.env['PASSK_TEST_SCRATCH']);
}
process.env['PASSK_TEST_SCRATCH_CHECKED'] = '1';
const scratch = process.env['PASSK_TEST_SCRATCH'];
// A folder named by the user (docs/testing.md) may not exist yet.
mkdirSync(scratch, { recursive: true });
// Earlier runs' per-file CPU cgroups that were still in use when those runs ended.
removeLeftoverCgroups();
// Node reads this CA bundle at every start (~40 ms of CPU for the 220 kB Debian bundle): each
// worker and each CLI a test starts would pay it. No test connects over TLS (model servers are
// local HTTP), so the workers and everything they start go without it.
delete process.env['NODE_EXTRA_CA_CERTS'];
/** Each test file's CPU seconds (test/setup/cpu-time.ts), summed per project by the reporter. */
const cpuLog = join(scratch, 'test-cpu.jsonl');

/**
 * Test files that take minutes (100 MB corpora, compiled languages, EvalPlus's 124 k inputs, a
 * real GGUF model, SIGKILL and resume): their own project, so `vitest run --project unit` (or
 * e2e) stays quick while developing. `npm test` runs every project.
 */
const SLOW = [
  'test/e2e/contamination.test.ts',
  'test/e2e/impossible-variants.test.ts',
  'test/e2e/languages.test.ts',
  'test/e2e/plus.test.ts',
  'test/generation/humaneval-e2e.test.ts',
  'test/generation/llama-cpp.test.ts',
  'test/generation/sigkill-resume.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Most files wait a good part of their time (on sandboxed programs' timeouts, child
    // processes, local servers), so one more worker than cores keeps the cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    env: {
      // A fresh cache per test run: verdicts cached by an earlier run must never stand in for
      // executing the programs a test is about.
      PASSK_CACHE_DIR: scratch,
      PASSK_TEST_CPU_LOG: cpuLog,
    },
    setupFiles: ['./test/setup/cpu-time.ts'],
    reporters: ['default', ['./test/reporters/project-times.ts', { cpuLog, scratch }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'test/architecture/**/*.test.ts',
            'test/setup/**/*.test.ts',
          ],
          // A worker runs file after file without reloading vitest and the sources for each:
          // ~0.2 s of CPU less per file, about a third of the project's CPU outside the registry
          // runs. Its files restore what they change (vi.unstubAllEnvs, a module mock loads the
          // modules it spies on again: executor.test.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/generation/**/*.test.ts'],
          exclude: SLOW,
          // Shared workers here too: the whole e2e project 264 → 225 s of CPU (its 51 files
          // 0.3 s less each, 14 → 5 s outside them). These files close the servers and
          // executors they start and put back the environment variables they set
          // (docs/testing.md says what a file must leave).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'security', include: ['test/security/**/*.test.ts'], isolate: false },
      },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});

/**
 * A folder named with PASSK_TEST_SCRATCH (docs/testing.md) must not hold an earlier run's cache:
 * its verdicts would stand in for running the programs the tests are about, and its CPU log
 * would add the earlier run's figures to this one's.
 */
function refuseUsedScratch(dir: string): void {
  const used = ['verdicts', 'test-cpu.jsonl'].filter((name) => existsSync(join(dir, name)));
  if (used.length === 0 || readdirSync(dir).length === 0) return;
  throw new Error(
    `PASSK_TEST_SCRATCH=${dir} holds an earlier test run's ${used.join(' and ')}: name a new folder (or remove this one), so that no cached verdict stands in for running a program`,
  );
}
