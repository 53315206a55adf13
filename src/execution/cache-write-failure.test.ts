/**
 * A verdict-cache write that fails (here EFBIG: the cache file is already past the process's file
 * size limit) is reported, and close() still stops every worker: the process then exits on its
 * own. Before, the failed write was retried by close(), which threw before stopping the workers,
 * and the process hung. A real executor (default sandbox) in a child process under `ulimit -f`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { ENGINE_VERSION } from './cache.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'passk-cache-efbig-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // hung: ours
  rmSync(root, { recursive: true, force: true });
});

const SCRIPT = `
const { createExecutor } = await import(${JSON.stringify(join(here, 'index.ts'))});
const executor = await createExecutor({ allowCodeExecution: true, workers: 1, cacheDir: process.argv[2] });
const limits = { timeoutMs: 10000, memoryBytes: 1 << 30, outputBytes: 1 << 20 };
const job = { id: 'a', program: { language: 'python', source: 'assert 1 + 1 == 2\\n' }, limits };
try {
  const verdicts = await executor.run([job]);
  console.log('run', verdicts.get('a')?.status);
} catch (error) {
  console.log('run failed', error.code);
}
try {
  await executor.close();
  console.log('closed');
} catch (error) {
  console.log('close failed', error.code);
}
`;

it('a failed verdict-cache write does not keep the workers (and the process) alive', async () => {
  const cacheDir = join(root, 'cache');
  mkdirSync(cacheDir);
  // 128 KiB of an old cache: any append passes the 64 KiB limit below.
  writeFileSync(join(cacheDir, `${ENGINE_VERSION}.jsonl`), `${'x'.repeat(128 * 1024)}\n`);
  const script = join(root, 'close.mts');
  writeFileSync(script, SCRIPT);
  const command = `ulimit -f 64; exec '${process.execPath}' --import tsx '${script}' '${cacheDir}'`;
  child = spawn('/bin/bash', ['-c', command], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.resume();
  // Before the fix this never resolved (the test's own timeout failed it).
  const code = await new Promise<number | null>((done) => child!.on('close', done));
  expect(out).toContain('run failed EFBIG');
  expect(out).toContain('closed');
  expect(code).toBe(0);
}, 60_000);
