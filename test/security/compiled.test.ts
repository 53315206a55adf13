/**
 * Hostile programs in the process-based runtimes (C++, JavaScript), through the real default
 * sandbox: the exec worker must give them the same walls as Python programs. Each "blocked"
 * result that could also mean "the attack was written wrong" has a control in the weaker
 * 'process' sandbox (no namespaces) where the same attack works.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Language, Verdict } from '../../src/execution/types.js';
import { LIMITS, livePrograms, processesMatching, token } from './helpers.js';

const SECRET_ENV = 'PASSK_SECURITY_TEST_SECRET';
let sandboxed: Executor;
let weak: Executor;
let hostDir: string;
let artifacts: string;

beforeAll(async () => {
  hostDir = mkdtempSync(join(tmpdir(), 'passk-security-compiled-'));
  artifacts = mkdtempSync(join(tmpdir(), 'passk-security-artifacts-'));
  chmodSync(hostDir, 0o755);
  chmodSync(artifacts, 0o755); // the 'process' sandbox runs binaries from it by host path
  process.env[SECRET_ENV] = 'hunter2';
  const common = { allowCodeExecution: true, cacheDir: false, artifactsDir: artifacts } as const;
  sandboxed = await createExecutor({ ...common, workers: 2 });
  weak = await createExecutor({ ...common, workers: 1, sandbox: 'process' });
}, 60_000);

afterAll(async () => {
  await sandboxed?.close();
  await weak?.close();
  delete process.env[SECRET_ENV];
  rmSync(hostDir, { recursive: true, force: true });
  rmSync(artifacts, { recursive: true, force: true });
});

async function verdict(executor: Executor, language: Language, source: string): Promise<Verdict> {
  const limits = { ...LIMITS, timeoutMs: 5000, memoryBytes: 2 * 2 ** 30 };
  const verdicts = await executor.run([{ id: 'attack', program: { language, source }, limits }]);
  return verdicts.get('attack')!;
}

/** A C++ program that passes only if it could NOT open `path` in `mode`. */
const cannotOpen = (path: string, mode: string) =>
  `#include <cassert>\n#include <cstdio>\nint main() { assert(fopen("${path}", "${mode}") == nullptr); }\n`;

describe('compiled and JavaScript programs in the default sandbox', () => {
  it('cannot read a world-readable host file (C++), which the weak sandbox can', async () => {
    const file = join(hostDir, 'secret.txt');
    writeFileSync(file, 'secret', { mode: 0o644 });
    expect((await verdict(sandboxed, 'cpp', cannotOpen(file, 'r'))).status).toBe('passed');
    expect((await verdict(weak, 'cpp', cannotOpen(file, 'r'))).status).toBe('failed');
  }, 60_000);

  it('cannot write into the compiled-artifact cache that its own binary came from', async () => {
    const source = cannotOpen('/opt/passk-artifacts/planted', 'w');
    expect((await verdict(sandboxed, 'cpp', source)).status).toBe('passed');
  }, 60_000);

  it("sees neither passk's environment nor the nonce variable after start-up (JavaScript)", async () => {
    const source = `const assert = require('node:assert');\nassert.strictEqual(process.env.${SECRET_ENV}, undefined);\nassert.strictEqual(process.env.PASSK_NONCE, undefined);\n`;
    expect((await verdict(sandboxed, 'javascript', source)).status).toBe('passed');
  }, 60_000);

  it('cannot connect to a host listener on 127.0.0.1 (JavaScript), which the weak sandbox can', async () => {
    const server: Server = createServer((socket) => socket.on('error', () => {}).end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    // Passes only if the connection fails (the end event waits for the event loop to drain).
    const source = `const s = require('node:net').connect(${port}, '127.0.0.1');
s.on('connect', () => { throw new Error('connected'); });
s.on('error', () => {});
`;
    try {
      expect((await verdict(sandboxed, 'javascript', source)).status).toBe('passed');
      const control = await verdict(weak, 'javascript', source);
      expect(control).toMatchObject({ status: 'error', message: 'connected' });
    } finally {
      server.close();
    }
  }, 60_000);

  it('leaves no process behind: a forked C++ child sleeping in the background is killed', async () => {
    const marker = token('cppleftover');
    const source = `#include <unistd.h>\nint main() {\n  if (fork() == 0) { setsid(); execl("/usr/bin/sleep", "sleep", "30", "${marker}", (char*)0); }\n  return 0;\n}\n`;
    await verdict(sandboxed, 'cpp', source);
    expect(processesMatching(marker)).toEqual([]);
    expect(livePrograms()).toEqual([]);
  }, 60_000);
});
