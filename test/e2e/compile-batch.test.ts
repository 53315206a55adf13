import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { ExecJob, Executor, Verdict } from '../../src/execution/types.js';
import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';

/**
 * Batch compilation (src/execution/languages/kit/batch.ts) through the real engine: several Rust
 * programs compiled by one rustc into one binary, each run alone in its own sandboxed process.
 * The batch holds a program that does not compile, one that panics, one that exits early, and two
 * that define the same function differently: each must get the verdict it gets compiled alone.
 */
const LIMITS = { timeoutMs: 15_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
// Shared with languages.test.ts: Rust's crates are built there once per machine (content-addressed).
const ARTIFACTS = TEST_ARTIFACTS_DIR;
// Fresh sources every run, so the batch is built here and not found in the persistent cache.
const RUN = randomBytes(6).toString('hex');

const PROGRAMS: Record<string, string> = {
  clashA: 'fn helper() -> i32 { 1 }\nfn main() {\n    assert_eq!(helper(), 1);\n}\n',
  clashB: 'fn helper() -> i32 { 2 }\nfn main() {\n    assert_eq!(helper(), 2);\n}\n',
  noCompile: 'fn main() {\n    let x: i32 = "not a number";\n    assert_eq!(x, 1);\n}\n',
  panics: 'fn main() {\n    let v: Vec<i32> = Vec::new();\n    println!("{}", v[3]);\n}\n',
  wrong: 'fn add(a: i32, b: i32) -> i32 { a - b }\nfn main() {\n    assert_eq!(add(2, 2), 4);\n}\n',
  exitsEarly:
    'fn main() {\n    std::process::exit(0);\n    #[allow(unreachable_code)]\n    { assert!(false); }\n}\n',
  passes:
    'mod tests {\n    pub fn check() { assert_eq!(super::twice(2), 4); }\n}\nfn twice(x: i32) -> i32 { x * 2 }\nfn main() {\n    tests::check();\n}\n',
  // Not admitted into a batch (a crate-level attribute): compiled alone, as always.
  alone: '#![allow(dead_code)]\nfn main() {\n    assert_eq!(1 + 1, 2);\n}\n',
};
const EXPECTED: Record<string, string> = {
  clashA: 'passed',
  clashB: 'passed',
  noCompile: 'error',
  panics: 'error',
  wrong: 'failed',
  exitsEarly: 'incomplete',
  passes: 'passed',
  alone: 'passed',
};

function jobs(tag: string): ExecJob[] {
  return Object.entries(PROGRAMS).map(([name, source]) => ({
    id: name,
    program: { language: 'rust', source: `// ${RUN} ${tag}\n${source}` },
    limits: LIMITS,
  }));
}

const summary = (verdicts: Map<string, Verdict>) =>
  Object.fromEntries([...verdicts].map(([id, v]) => [id, [v.status, v.errorType ?? '']]));

/** Path → member names of every batch binary in the artifact cache. */
function batchesBuilt(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('rust-crates')) walk(path);
      else if (entry.name === 'members') found.set(path, readFileSync(path, 'utf8').split(/\s+/));
    }
  };
  walk(ARTIFACTS);
  return found;
}

let executor: Executor;
beforeAll(async () => {
  executor = await createExecutor({
    allowCodeExecution: true,
    workers: 2,
    cacheDir: false,
    artifactsDir: ARTIFACTS,
  });
}, 300_000);
afterAll(() => executor?.close());

describe('Rust batch compilation', () => {
  it('gives every program of a batch the verdict it gets compiled alone', async () => {
    const before = batchesBuilt();
    const batched = await executor.run(jobs('batched'));
    const built = [...batchesBuilt()].filter(([path]) => !before.has(path));
    process.env['PASSK_COMPILE_BATCH'] = '0';
    const alone = await executor.run(jobs('alone')).finally(() => {
      delete process.env['PASSK_COMPILE_BATCH'];
    });
    expect(Object.fromEntries([...batched].map(([id, v]) => [id, v.status]))).toEqual(EXPECTED);
    expect(summary(batched)).toEqual(summary(alone));
    // One batch was built, of the seven eligible programs less the one that does not compile.
    expect(built.map(([, members]) => members.filter(Boolean).length)).toEqual([6]);
  }, 300_000);
});
