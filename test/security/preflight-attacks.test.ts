/**
 * Issue 25: each in-process language's preflight runs one attack per class closed in its harness
 * (Canaries.attacks), so an engine whose harness lets one pass is refused at start-up. Here the
 * working engine: every attack canary ran and none passed. Real sandbox and toolchains.
 */
import { describe, expect, it } from 'vitest';
import { runPreflight } from '../../src/execution/index.js';
import { runtimes } from '../../src/execution/languages/index.js';
import { LANGUAGE_MODULES } from '../../src/execution/languages/registry.js';
import type { Language } from '../../src/execution/types.js';
import { securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const executor = securityExecutorForFile();

/** Every registered language whose canaries include harness attacks (Canaries.harnessAttacks). */
const LANGUAGES: Language[] = [];
for (const load of Object.values(LANGUAGE_MODULES)) {
  for (const [runtime, { canaries }] of Object.entries((await load()).runtimes)) {
    if ((canaries.harnessAttacks ?? []).length > 0) LANGUAGES.push(runtime);
  }
}

describe('preflight attack canaries', () => {
  it.each(LANGUAGES)(
    '%s: every attack canary runs and none passes',
    async (language) => {
      const { canaries } = await runtimes.get(language);
      const attacks = canaries.harnessAttacks ?? [];
      expect(attacks.length).toBeGreaterThan(0);
      // Kotlin compiles each script in a JVM whose compiler threads' CPU cancels the wait the
      // own-time clock would credit its main thread: 20 s ran out at load 12 on 2 cores (seen).
      const limits = { ...LIMITS, timeoutMs: 60_000, memoryBytes: 2 * 2 ** 30 };
      const report = await runPreflight(executor(), { language, references: [], limits });
      for (const index of attacks.keys()) {
        const verdict = report.verdicts.get(`harness-attack-${index}`);
        expect([index, verdict?.status]).not.toEqual([index, 'passed']);
        expect(verdict?.status).not.toBe('infra-error');
      }
    },
    600_000,
  );
});
