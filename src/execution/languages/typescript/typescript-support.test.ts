import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../cache.js';
import { createExecutor } from '../../executor.js';
import type { Executor, Verdict } from '../../types.js';

/**
 * The TypeScript compiler's code cache (typescript-support.ts) through the real sandbox: made in
 * the artifact cache, and no verdict depends on it, even when V8 cannot use it.
 */
const LIMITS = { timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
const ASSERT = "declare var require: any;\nconst assert = require('node:assert');\n";
const SOURCES = {
  passes: `${ASSERT}const add = (a: number, b: number): number => a + b;\nassert.deepEqual(add(1, 1), 2);\n`,
  mistyped: "const n: number = 'a';\n",
};
const EXPECTED = {
  passes: { status: 'passed', errorType: undefined },
  mistyped: { status: 'type-error', errorType: 'TS2322' },
};

let root: string;
let executor: Executor;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'passk-ts-support-'));
  executor = await createExecutor({
    allowCodeExecution: true,
    workers: 2,
    cacheDir: false,
    artifactsDir: root,
  });
});
afterAll(async () => {
  await executor?.close();
  await rm(root, { recursive: true, force: true });
});

/** The samples' verdicts, salted so that no earlier compile is reused. */
async function judge(salt: string): Promise<Record<string, unknown>> {
  const jobs = Object.entries(SOURCES).map(([id, source]) => ({
    id,
    program: { language: 'typescript' as const, source: `// ${salt}\n${source}` },
    limits: LIMITS,
  }));
  const verdicts = await executor.run(jobs);
  const brief = (v?: Verdict) => ({ status: v?.status, errorType: v?.errorType });
  return Object.fromEntries(Object.keys(SOURCES).map((id) => [id, brief(verdicts.get(id))]));
}

describe("the TypeScript compiler's code cache", () => {
  it('is made in the artifact cache; the verdicts do not depend on it, a corrupt one included', async () => {
    expect(await judge('made')).toEqual(EXPECTED);
    const family = join(root, ENGINE_VERSION, 'typescript-support');
    const [made] = readdirSync(family).filter((name) => !name.includes('.staging-'));
    const cache = join(family, made!, 'typescript.cache');
    // The compiled code of a 9 MB compiler, not an empty file a failed write left.
    expect(statSync(cache).size).toBeGreaterThan(2 ** 20);
    // Bytes V8 rejects: the checker compiles the compiler again, with the same verdicts.
    writeFileSync(cache, 'not a code cache');
    expect(await judge('corrupt')).toEqual(EXPECTED);
  }, 120_000);
});
