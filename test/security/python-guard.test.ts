/**
 * The Python runner's guard and its nonce against a candidate that knows how they are built
 * (docs/security.md, "Python"). Each attack (test/fixtures/guard-attacks/) is a wrong `add`
 * followed by the tests; it digs into the runner from the candidate part, or from `add` while the
 * tests run: emptying every closure cell and list reachable from the runner module (the old
 * guard's armed flag) and then tracing the tests; the same through the guard's own frames, from
 * the tracebacks of its refusals; reading the nonce from every frame below, or from everything
 * gc.get_referents reaches; patching builtins.exec; replacing the tests' code object held by a
 * runner frame; tracing the runner's frames to rewrite their locals and jump to their end. None
 * may pass; a right and a wrong `add` pass and fail as usual, and gc.get_referents works.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { securityExecutor, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const ATTACKS = join(import.meta.dirname, '..', 'fixtures', 'guard-attacks');
const MARKER = '\n# passk: the tests start here\n';
const TESTS = `def check(candidate):
    assert candidate(1, 1) == 2
    assert candidate(2, 2) == 4
    assert candidate(3, 2) == 5


check(add)
`;

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

describe('the Python guard and nonce against a candidate that knows the runner', () => {
  it('no attack passes; right, wrong and gc.get_referents behave as usual', async () => {
    const sources: Record<string, string> = {
      right: `def add(a, b):\n    return a + b\n${MARKER}${TESTS}`,
      wrong: `def add(a, b):\n    return a - b\n${MARKER}${TESTS}`,
      referents: `import gc\n\n\ndef add(a, b):\n    return sum(gc.get_referents([a, b]))\n${MARKER}${TESTS}`,
    };
    const attacks = readdirSync(ATTACKS).filter((name) => name.endsWith('.py'));
    expect(attacks.length).toBeGreaterThanOrEqual(7);
    for (const name of attacks) {
      sources[name] = `${readFileSync(join(ATTACKS, name), 'utf8')}${MARKER}${TESTS}`;
    }
    const jobs = Object.entries(sources).map(([id, source]) => ({
      id,
      program: { language: 'python' as const, source },
      limits: { ...LIMITS, timeoutMs: 20_000 },
    }));
    const verdicts = await executor().run(jobs);
    expect(verdicts.get('right')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    expect(verdicts.get('referents')?.status).toBe('passed');
    for (const name of attacks) {
      expect([name, verdicts.get(name)?.status]).not.toEqual([name, 'passed']);
    }
  }, 180_000);

  it('the subprocess backend: the nonce is not in argv (/proc/self/cmdline) nor any frame', async () => {
    const weak = await securityExecutor(1, 'subprocess');
    try {
      const attack = readFileSync(join(ATTACKS, 'nonce_in_frames.py'), 'utf8');
      const sources: Record<string, string> = {
        right: `def add(a, b):\n    return a + b\n${MARKER}${TESTS}`,
        wrong: `def add(a, b):\n    return a - b\n${MARKER}${TESTS}`,
        attack: `${attack}${MARKER}${TESTS}`,
      };
      const jobs = Object.entries(sources).map(([id, source]) => ({
        id,
        program: { language: 'python' as const, source },
        limits: { ...LIMITS, timeoutMs: 20_000 },
      }));
      const verdicts = await weak.run(jobs);
      expect(verdicts.get('right')?.status).toBe('passed');
      expect(verdicts.get('wrong')?.status).toBe('failed');
      expect(verdicts.get('attack')?.status).not.toBe('passed');
    } finally {
      await weak.close();
    }
  }, 120_000);
});
