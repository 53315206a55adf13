/**
 * Redteam: a program that shares a compile batch (batch.ts: one binary for up to 32 programs,
 * each run alone with PASSK_MEMBER) must not reach its neighbours. Code run before main is the
 * way in: in a batch, every member's pre-main code runs in every member's process. The batch
 * admits no such code (rust-batch.ts, go-batch.ts); these fixtures spell it so that the earlier
 * checks missed it (Rust: the attribute inside `cfg_attr`; Go: a comment between `func` and
 * `init`), and made every other member of their batch fail. Real sandbox, real compilers, an
 * artifact cache (batches need one): the tests' persistent one, so Rust's crates and Go's seeded
 * build cache are built once per machine, not per run (they took most of this file's CPU), with
 * fresh sources every run, so each batch (the attack with its victims) is compiled here and never
 * found in that cache.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Language, Verdict } from '../../src/execution/types.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');
// Shared with compile-batch.test.ts and languages.test.ts (content-addressed).
const ARTIFACTS = TEST_ARTIFACTS_DIR;
// A comment line on top of every source: this run's batches are new to the persistent cache.
const RUN = randomBytes(6).toString('hex');
let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: ARTIFACTS,
    workers: 1,
  });
}, 120_000);

afterAll(async () => {
  await executor?.close();
});

async function runAll(language: Language, sources: Record<string, string>) {
  const limits = { ...LIMITS, timeoutMs: 10_000, memoryBytes: 2 * 2 ** 30 };
  const jobs = Object.entries(sources).map(([id, source]) => ({
    id,
    program: { language, source: `// ${RUN} ${id}\n${source}` },
    limits,
  }));
  const verdicts = await executor.run(jobs);
  return (id: string): Verdict['status'] | undefined => verdicts.get(id)?.status;
}

const rust = (a: number, sum: number) =>
  `fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n\nfn main() {\n    assert_eq!(add(${a}, 1), ${sum});\n}\n`;

const go = (a: number, sum: number) => `package add_test

import "testing"

func add(a int, b int) int { return a + b }

func TestAdd(t *testing.T) {
	if add(${a}, 1) != ${sum} {
		t.Fatal("wrong")
	}
}
`;

import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';

describe('a batch member cannot run code in its neighbours', () => {
  it('Rust: a function in .init_array through cfg_attr', async () => {
    const status = await runAll('rust', {
      right1: rust(1, 2),
      right2: rust(2, 3),
      right3: rust(3, 4),
      wrong: rust(4, 6),
      hostile: readFileSync(join(FIXTURES, 'batch-init-array.rs'), 'utf8'),
    });
    for (const id of ['right1', 'right2', 'right3'])
      expect([id, status(id)]).toEqual([id, 'passed']);
    expect(status('wrong')).toBe('failed');
    expect(status('hostile')).not.toBe('passed'); // it exits 1 before its own main
  }, 300_000);

  it('Go: an init function behind a comment', async () => {
    const status = await runAll('go', {
      right1: go(1, 2),
      right2: go(2, 3),
      right3: go(3, 4),
      wrong: go(4, 6),
      hostile: readFileSync(join(FIXTURES, 'batch-init-comment.go'), 'utf8'),
    });
    for (const id of ['right1', 'right2', 'right3'])
      expect([id, status(id)]).toEqual([id, 'passed']);
    expect(status('wrong')).toBe('failed');
    expect(status('hostile')).not.toBe('passed');
  }, 300_000);
});
