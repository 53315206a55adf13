import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { ExecJob, Executor, Verdict } from '../../src/execution/types.js';
import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';

/**
 * JVM batch compilation (src/execution/languages/java/java-batch.ts) through the real engine: one
 * compiler JVM per batch compiles every member alone, each program then runs alone in its own
 * sandboxed JVM. Members with the same class names and different behaviour, one that does not
 * compile, one that throws, one that fails an assertion, one that exits early and one that reads
 * its own class's name: each must get the verdict it gets compiled alone.
 */
const LIMITS = { timeoutMs: 30_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
const ARTIFACTS = TEST_ARTIFACTS_DIR;
// Fresh sources every run, so the batch is built here and not found in the persistent cache.
const RUN = randomBytes(6).toString('hex');

const main = (body: string, extra = '') =>
  `class Solution {\n  ${extra}\n}\npublic class Main {\n  public static void main(String[] args) {\n    ${body}\n  }\n}\n`;

const JAVA: Record<string, string> = {
  clashA: main('assert new Solution().f() == 1;', 'int f() { return 1; }'),
  clashB: main('assert new Solution().f() == 2;', 'int f() { return 2; }'),
  noCompile: main('int x = "not a number";'),
  throws: main('int[] xs = new int[1];\n    System.out.println(xs[3]);'),
  wrong: main('assert new Solution().f() == 3;', 'int f() { return 1; }'),
  exitsEarly: main('System.exit(0);'),
  // Alone, the class is Solution in the default package: the batch must not rename it.
  ownName: main('assert new Solution().getClass().getName().equals("Solution");'),
  staticInit: main('assert Solution.n == 1;', 'static int n; static { n++; }'),
};
const JAVA_EXPECTED: Record<string, string> = {
  clashA: 'passed',
  clashB: 'passed',
  noCompile: 'error',
  throws: 'error',
  wrong: 'failed',
  exitsEarly: 'incomplete',
  ownName: 'passed',
  staticInit: 'passed',
};

const obj = (body: string) =>
  `object Main {\n  def f(): Int = 1\n  def main(args: Array[String]) = {\n    ${body}\n  }\n}\n`;
const SCALA: Record<string, string> = {
  passes: obj('assert(f() == 1)'),
  clash:
    'object Main {\n  def f(): Int = 2\n  def main(args: Array[String]) = {\n    assert(f() == 2)\n  }\n}\n',
  noCompile: obj('val x: Int = "no"'),
  wrong: obj('assert(f() == 2)'),
  ownName: obj('assert(getClass.getName == "Main$")'),
};
const SCALA_EXPECTED: Record<string, string> = {
  passes: 'passed',
  clash: 'passed',
  noCompile: 'error',
  wrong: 'failed',
  ownName: 'passed',
};

function jobs(language: string, programs: Record<string, string>, tag: string): ExecJob[] {
  return Object.entries(programs).map(([name, source]) => ({
    id: name,
    program: { language, source: `// ${RUN} ${tag}\n${source}` },
    limits: LIMITS,
  }));
}

// `output`: a compile error's full text, which the batch keeps for a member that does not compile.
const summary = (verdicts: Map<string, Verdict>) =>
  Object.fromEntries(
    [...verdicts].map(([id, v]) => [
      id,
      [v.status, v.errorType ?? '', v.message ?? '', v.output ?? ''],
    ]),
  );

/**
 * Path → member names of every JVM batch of `language` in the artifact cache (its `members`
 * file, beside `classes/` holding the members' output), and the compile errors it kept
 * (`classes/<member>.error`). The cache is shared with other test files (Rust and Go batches,
 * possibly built meanwhile): only this language's batches count.
 */
function batchesBuilt(language: string): Map<string, { members: string[]; errors: string[] }> {
  const output = language === 'scala' ? 'passk_m0.jar' : 'passk_m0';
  const found = new Map<string, { members: string[]; errors: string[] }>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !/^(rust-crates|java-support|go-build)/.test(entry.name)) {
        walk(path);
      } else if (entry.name === 'members' && existsSync(join(dir, 'classes', output))) {
        const members = readFileSync(path, 'utf8').split(/\s+/).filter(Boolean);
        const errors = readdirSync(join(dir, 'classes')).filter((f) => f.endsWith('.error'));
        found.set(path, { members, errors });
      }
    }
  };
  if (existsSync(ARTIFACTS)) walk(ARTIFACTS);
  return found;
}

/** Runs `programs` batched, then alone; returns both, and the batches the first run built. */
async function bothWays(language: string, programs: Record<string, string>) {
  const before = batchesBuilt(language);
  const batched = await executor.run(jobs(language, programs, 'batched'));
  const built = [...batchesBuilt(language)].filter(([path]) => !before.has(path));
  process.env['PASSK_COMPILE_BATCH'] = '0';
  const alone = await executor.run(jobs(language, programs, 'alone')).finally(() => {
    delete process.env['PASSK_COMPILE_BATCH'];
  });
  return { batched, alone, built: built.map(([, batch]) => batch) };
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

describe('JVM batch compilation', () => {
  it('Java: every program of a batch gets the verdict it gets compiled alone', async () => {
    const { batched, alone, built } = await bothWays('java', JAVA);
    expect(Object.fromEntries([...batched].map(([id, v]) => [id, v.status]))).toEqual(
      JAVA_EXPECTED,
    );
    expect(summary(batched)).toEqual(summary(alone));
    // One batch, holding every program but the one that does not compile, and keeping its
    // compile error (which summary() above shows to be the one it gets compiled alone).
    expect(built.map(({ members }) => members.length)).toEqual([Object.keys(JAVA).length - 1]);
    expect(built.map(({ errors }) => errors.length)).toEqual([1]);
  }, 600_000);

  it('Scala: the same, through one scalac JVM per batch', async () => {
    const { batched, alone, built } = await bothWays('scala', SCALA);
    expect(Object.fromEntries([...batched].map(([id, v]) => [id, v.status]))).toEqual(
      SCALA_EXPECTED,
    );
    expect(summary(batched)).toEqual(summary(alone));
    expect(built.map(({ members }) => members.length)).toEqual([Object.keys(SCALA).length - 1]);
    expect(built.map(({ errors }) => errors.length)).toEqual([1]);
  }, 600_000);
});
