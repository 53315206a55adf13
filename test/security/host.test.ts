/**
 * Hostile programs against the host, through the real default sandbox (bwrap). Each test asserts
 * the verdict and that the host is unharmed. Where a "blocked" verdict could also mean "the attack
 * was written wrong", a control runs the same program in the weaker 'subprocess' sandbox and shows
 * the attack does work there.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/execution/types.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { descendants, livePrograms, processesMatching, token, verdictOf } from './helpers.js';

const SECRET_ENV = 'PASSK_SECURITY_TEST_SECRET';
let sandboxed: Executor;
let weak: Executor;
let hostDir: string;

beforeAll(async () => {
  hostDir = mkdtempSync(join(tmpdir(), 'passk-security-'));
  process.env[SECRET_ENV] = 'hunter2';
  sandboxed = await securityExecutor(2);
  weak = await securityExecutor(1, 'subprocess');
});

afterAll(async () => {
  await sandboxed?.close();
  await weak?.close();
  delete process.env[SECRET_ENV];
  rmSync(hostDir, { recursive: true, force: true });
});

describe('the default sandbox', () => {
  it('is bwrap with namespace isolation', () => {
    expect(sandboxed.info).toMatchObject({ sandbox: 'bwrap', isolation: 'namespaces' });
  });

  it('has no network: its own loopback only (loopback.test.ts), no connection reaches the host', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const attack = `import socket\ns = socket.create_connection(("127.0.0.1", ${port}), timeout=1)\ns.sendall(b"pwned")\n`;
    try {
      expect(await verdictOf(sandboxed, attack)).toMatchObject({
        status: 'error',
        errorType: 'ConnectionRefusedError',
      });
      expect(connections).toBe(0);
      expect((await verdictOf(weak, attack)).status).toBe('passed'); // control: the attack works unsandboxed
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('cannot delete or overwrite host files, nor create files in /work or the host /tmp', async () => {
    const keep = join(hostDir, 'keep.txt');
    writeFileSync(keep, 'original');
    const marker = token('passk-marker-');
    const targets = [keep, '/work/main/package.json', `/work/${marker}`, `${hostDir}/${marker}`];
    for (const target of targets) {
      const remove = `import os\nos.remove(${JSON.stringify(target)})\n`;
      const write = `open(${JSON.stringify(target)}, "w").write("pwned")\n`;
      for (const attack of [remove, write]) {
        const verdict = await verdictOf(sandboxed, attack);
        expect(verdict.status, `${attack.trim()} → ${verdict.errorType}`).toBe('error');
        expect(['FileNotFoundError', 'PermissionError', 'OSError']).toContain(verdict.errorType);
      }
    }
    expect(readFileSync(keep, 'utf8')).toBe('original');
    expect(existsSync('/work/main/package.json')).toBe(true);
    // The sandbox's own /tmp is writable (swept after each sample); the host's never sees it.
    const tmp = `open("/tmp/${marker}", "w").write("pwned")\n`;
    expect((await verdictOf(sandboxed, tmp)).status).toBe('passed');
    for (const target of [...targets.slice(2), `/tmp/${marker}`]) {
      expect(existsSync(target), target).toBe(false);
    }
  });

  it('can write inside its own scratch dir (the cwd), and that dir is gone afterwards', async () => {
    const probe =
      'import os\nopen("out.txt", "w").write("ok")\nassert open("out.txt").read() == "ok"\nprint(os.getcwd())\n';
    expect((await verdictOf(sandboxed, probe)).status).toBe('passed');
  });

  it('sees neither a secret file nor a secret environment variable', async () => {
    const secretFile = join(hostDir, 'secret.txt');
    writeFileSync(secretFile, 'the-secret', { mode: 0o644 });
    chmodSync(hostDir, 0o755); // world-readable on the host: only the sandbox may hide it
    const attack = [
      'import os',
      `assert ${JSON.stringify(SECRET_ENV)} not in os.environ, "env leaked"`,
      `assert not os.path.exists(${JSON.stringify(secretFile)}), "file visible"`,
      'for path in ["/root", "/home", "/work", "/etc/shadow", "/etc/passwd"]:',
      '    assert not os.path.exists(path), path',
      '',
    ].join('\n');
    expect((await verdictOf(sandboxed, attack)).status).toBe('passed');
    expect(await verdictOf(weak, attack)).toMatchObject({
      status: 'failed',
      message: 'file visible',
    }); // control
  });

  it('gets nowhere with ctypes and libc system()', async () => {
    const marker = `/tmp/${token('passk-host-marker-')}`;
    const attack = `import ctypes\nlibc = ctypes.CDLL(None)\nstatus = libc.system(b"touch ${marker}")\nassert status == 0, status\n`;
    // It runs, and touches the sandbox's own /tmp: not the host's.
    expect((await verdictOf(sandboxed, attack)).status).toBe('passed');
    expect(existsSync(marker)).toBe(false);
    expect((await verdictOf(weak, attack)).status).toBe('passed'); // control: works without namespaces
    expect(existsSync(marker)).toBe(true);
    rmSync(marker, { force: true });
  });

  it('cannot make new namespaces, mount, or ptrace (seccomp filter)', async () => {
    const attack = [
      'import ctypes',
      'libc = ctypes.CDLL(None, use_errno=True)',
      'for name, result in [("unshare", libc.unshare(0x10000000)), ("mount", libc.mount(b"none", b"/tmp", b"tmpfs", 0, None)), ("ptrace", libc.ptrace(16, 1, 0, 0))]:',
      '    assert result == -1 and ctypes.get_errno() == 1, (name, result, ctypes.get_errno())',
      '',
    ].join('\n');
    expect((await verdictOf(sandboxed, attack)).status).toBe('passed');
  });

  it('leaves no background or daemonised process behind', async () => {
    const seconds = `${Math.floor(Math.random() * 900) + 100}.${process.pid}`;
    const attack = [
      'import os, subprocess',
      `subprocess.Popen(["/bin/sleep", "${seconds}"], start_new_session=True)`,
      'if os.fork() == 0:',
      '    os.setsid()',
      '    if os.fork() == 0:',
      `        os.execv("/bin/sleep", ["sleep", "${seconds}1"])`,
      '    os._exit(0)',
      'os.wait()',
      '',
    ].join('\n');
    expect((await verdictOf(sandboxed, attack)).status).toBe('passed');
    expect(processesMatching(seconds)).toEqual([]);
    expect(livePrograms()).toEqual([]);
  });

  it('still runs a normal program afterwards, and leaves nothing running after close', async () => {
    expect((await verdictOf(sandboxed, 'assert sum(range(10)) == 45\n')).status).toBe('passed');
    expect(sandboxed.stats().infraErrors).toBe(0);
    await sandboxed.close();
    await weak.close();
    expect(descendants()).toEqual([]);
  });
});
