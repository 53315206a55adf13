/**
 * Redteam: Exercism (Aider polyglot) Rust runs `cargo test`, whose libtest prints its results
 * in the candidate's own process. A solution that printed libtest's `test result: ok` line and
 * exited 0 in the middle of the tests (process::exit or libc's _exit) passed: the script counted
 * summary lines and cargo's status. Each test binary now runs with a preload that turns an
 * explicit exit with status 0 into 93 (libtest returns from main after a passing run). Real
 * sandbox, real cargo.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/redteam');

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

/** An exercise with two tests of `value()`, and `lib` as the solution. */
const exercise = (lib: string) => ({
  files: {
    'Cargo.toml': '[package]\nedition = "2021"\nname = "canary"\nversion = "0.0.0"\n',
    'src/lib.rs': lib,
    'tests/canary.rs':
      '#[test]\nfn value_is_two() {\n    assert_eq!(canary::value(), 2);\n}\n\n#[test]\nfn value_plus_one() {\n    assert_eq!(canary::value() + 1, 3);\n}\n',
  },
});

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

describe('Exercism Rust: libtest output printed by the candidate', () => {
  it('a forged summary and an exit 0 mid-run do not pass', async () => {
    const verdicts = await runSources(
      executor(),
      'exercism-rust',
      {
        right: exercise('pub fn value() -> i32 {\n    2\n}\n'),
        wrong: exercise('pub fn value() -> i32 {\n    1\n}\n'),
        exit: exercise(fixture('exercism-rust-forged-summary.rs')),
        _exit: exercise(fixture('exercism-rust-forged-summary-underscore-exit.rs')),
      },
      LIMITS,
    );
    expect(verdicts.get('right')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    for (const id of ['exit', '_exit']) {
      expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
    }
  }, 300_000);
});
