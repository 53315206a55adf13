/**
 * TypeScript samples attacking the type check (issue 9, item 1). The check is each sample's own
 * compile step inside the sandbox: it cannot read host files, one sample's declarations cannot
 * change another's verdict, and a compiler crash is that sample's error, not the run's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import { runtimes } from '../../src/execution/languages/index.js';
import {
  CHECKER_HASH,
  TS_VERSION,
} from '../../src/execution/languages/typescript/typescript-check.js';
import type { Executor, Verdict } from '../../src/execution/types.js';
import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';
import { LIMITS, token } from './helpers.js';

const ASSERT = "declare var require: any;\nconst assert = require('node:assert');\n";
const GOOD = `${ASSERT}const add = (a: number, b: number): number => a + b;\nassert.deepEqual(add(1, 1), 2);\n`;
const WRONG = `${ASSERT}const add = (a: number, b: number): number => a - b;\nassert.deepEqual(add(1, 1), 2);\n`;

/**
 * The tests' persistent artifact cache (shared with other files, content-addressed): the controls'
 * type checks are compiled once per machine. Every other sample is new to it (a comment naming
 * this run on top), so each attack is type-checked here, in the batch with its controls.
 */
const ARTIFACTS = TEST_ARTIFACTS_DIR;
const RUN = randomBytes(6).toString('hex');
const CONTROLS = new Set(['good', 'wrong']);
let executor: Executor;
let hostDir: string;

beforeAll(async () => {
  hostDir = mkdtempSync(join(tmpdir(), 'passk-security-ts-'));
  executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: ARTIFACTS,
    workers: 2,
  });
}, 60_000);

afterAll(async () => {
  await executor?.close();
  rmSync(hostDir, { recursive: true, force: true });
});

/** Runs the samples in ONE batch (as a run would) and returns their verdicts by name. */
async function run(sources: Record<string, string>): Promise<Map<string, Verdict>> {
  const limits = { ...LIMITS, timeoutMs: 20_000 };
  const jobs = Object.entries(sources).map(([id, source]) => ({
    id,
    program: {
      language: 'typescript' as const,
      source: CONTROLS.has(id) ? source : `// ${RUN} ${id}\n${source}`,
    },
    limits,
  }));
  return executor.run(jobs);
}

function expectControls(verdicts: Map<string, Verdict>): void {
  expect(verdicts.get('good')?.status).toBe('passed');
  expect(verdicts.get('wrong')).toMatchObject({ status: 'failed', errorType: 'AssertionError' });
}

describe('the TypeScript type check runs in the sandbox, one sample at a time', () => {
  it('cannot read a root-only host file through an import or a reference', async () => {
    const secret = token('tssecret');
    writeFileSync(join(hostDir, 'secret.ts'), `export const k = { ${secret}: 1 };\n`, {
      mode: 0o600,
    });
    writeFileSync(join(hostDir, 'secret.d.ts'), `declare const leaked: { ${secret}: 1 };\n`, {
      mode: 0o600,
    });
    const verdicts = await run({
      good: GOOD,
      wrong: WRONG,
      // Each would show the file's text in its diagnostic if the checker could read it.
      imported: `import { k } from '${hostDir}/secret';\nconst n: number = k;\n`,
      referenced: `/// <reference path="${hostDir}/secret.d.ts" />\nconst n: number = leaked;\n`,
    });
    expectControls(verdicts);
    for (const id of ['imported', 'referenced']) {
      expect(verdicts.get(id)?.status).toBe('type-error');
      expect(JSON.stringify(verdicts.get(id))).not.toContain(secret);
    }
  }, 120_000);

  it("cannot change another sample's verdict with `declare global`", async () => {
    const uses = `${ASSERT}const xs: number[] = [];\nconst y: number = xs.passkExtra ?? 1;\nassert.deepEqual(y, 1);\n`;
    const verdicts = await run({
      good: GOOD,
      wrong: WRONG,
      declares: 'declare global { interface Array<T> { passkExtra: number } }\nexport {};\n',
      uses,
    });
    expectControls(verdicts);
    expect(verdicts.get('declares')?.status).toBe('passed');
    // Alone, `uses` does not type-check: the other sample's declaration must not fix that.
    expect(verdicts.get('uses')).toMatchObject({ status: 'type-error', errorType: 'TS2339' });
  }, 120_000);

  it("makes a checker crash (a deeply nested literal) that sample's error only", async () => {
    const depth = 20_000;
    const verdicts = await run({
      good: GOOD,
      wrong: WRONG,
      nested: `const x = ${'['.repeat(depth)}1${']'.repeat(depth)};\n`,
    });
    expectControls(verdicts);
    expect(verdicts.get('nested')).toMatchObject({
      status: 'error',
      errorType: 'TypeCheckerCrash',
    });
  }, 120_000);

  it('keys verdicts and artifacts on the compiler version and the checker itself', async () => {
    const { toolchain: install } = await (await runtimes.get('typescript')).resolve({});
    expect(install.version).toContain(`typescript ${TS_VERSION}`);
    expect(install.version).toContain(`checker ${CHECKER_HASH}`);
  });
});
