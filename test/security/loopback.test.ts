/**
 * AF_INET/AF_INET6 on the sandbox's own loopback (BigCodeBench 147, 1038, 1040 serve and connect
 * on localhost): each bwrap slot is its own network namespace with only `lo`, so a program can
 * serve itself but reach nothing of the host, nothing of another slot, and nothing a previous
 * sample of its own slot left (its processes are killed; a sample that used the loopback has the
 * slot rebuilt, so not even a TIME_WAIT port carries over). Each attack is run under the weaker
 * `subprocess` sandbox (the host's network) too, as the control that shows it works there.
 */
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor, Verdict } from '../../src/execution/types.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { inOrder, LIMITS, type Sample } from './helpers.js';

let one: Executor;
let two: Executor;
let weak: Executor;
beforeAll(async () => {
  [one, two, weak] = await Promise.all([
    securityExecutor(1),
    securityExecutor(2),
    securityExecutor(2, 'subprocess'),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([one?.close(), two?.close(), weak?.close()]);
});

const LONG = { ...LIMITS, timeoutMs: 30_000 };
/**
 * A port for a test's fixed-port servers (BigCodeBench 1040 uses 12345): random per run, and
 * below Linux's ephemeral range (32768+), so the controls on the host's network do not meet a
 * port the other tests' connections took or left in TIME_WAIT.
 */
const port = () => 10_000 + Math.floor(Math.random() * 20_000);

async function listening(): Promise<{ server: Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((socket) => {
    hits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return { server, port: (server.address() as { port: number }).port, hits: () => hits };
}

const status = (verdicts: Record<string, Verdict>) =>
  Object.fromEntries(Object.entries(verdicts).map(([id, v]) => [id, v.status]));

describe('AF_INET on the sandbox loopback', () => {
  it('serves and connects on 127.0.0.1, ::1 and localhost inside one program', async () => {
    const serve = `import socket, threading
for family, host in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1"), (socket.AF_INET, "localhost")):
    server = socket.socket(family)
    server.bind((host, 0))
    server.listen()
    def answer():
        conn, _ = server.accept()
        conn.sendall(conn.recv(100).upper())
        conn.close()
    t = threading.Thread(target=answer)
    t.start()
    with socket.create_connection((host, server.getsockname()[1]), timeout=5) as client:
        client.sendall(b"hello")
        assert client.recv(100) == b"HELLO"
    t.join()
    server.close()
`;
    const verdicts = await inOrder(one, [['serve', 'python', serve]], LONG);
    expect(verdicts['serve'], JSON.stringify(verdicts['serve'])).toMatchObject({
      status: 'passed',
    });
  }, 60_000);

  it('reaches no host address, loopback or not (control: the host network reaches both)', async () => {
    const host = await listening();
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    const targets = ['127.0.0.1', '::1', ...external.slice(0, 1)];
    const attack = (target: string) =>
      `import socket\nsocket.create_connection((${JSON.stringify(target)}, ${host.port}), timeout=3).sendall(b"pwned")\n`;
    try {
      for (const target of targets) {
        const sandboxed = await inOrder(one, [['reach', 'python', attack(target)]], LONG);
        expect(sandboxed['reach']?.status, target).toBe('error');
        expect(['ConnectionRefusedError', 'OSError', 'TimeoutError']).toContain(
          sandboxed['reach']?.errorType,
        );
      }
      expect(host.hits()).toBe(0);
      for (const target of targets) {
        const control = await inOrder(weak, [['reach', 'python', attack(target)]], LONG);
        expect(control['reach']?.status, target).toBe('passed');
      }
      expect(host.hits()).toBe(targets.length);
    } finally {
      host.server.close();
    }
  }, 120_000);

  it("finds nothing of the previous sample of its slot: no daemon's listener, no TIME_WAIT port", async () => {
    const [kept, reused] = [port(), port() + 1];
    // Leaves a daemonised listener on `kept`, and `reused` in TIME_WAIT (the server closes first).
    const leave = `import os, socket, time
if os.fork() == 0:
    os.setsid()
    s = socket.socket(); s.bind(("127.0.0.1", ${kept})); s.listen()
    while True:
        time.sleep(1)
s = socket.socket(); s.bind(("127.0.0.1", ${reused})); s.listen()
c = socket.create_connection(("127.0.0.1", ${reused}))
conn, _ = s.accept(); conn.close(); time.sleep(0.2); c.close(); s.close()
for _ in range(200):
    try:
        socket.create_connection(("127.0.0.1", ${kept}), timeout=1).close()
        break
    except OSError:
        time.sleep(0.1)
else:
    raise AssertionError("the daemon never listened")
`;
    // Passes only in a clean namespace: nothing on `kept`, and `reused` free without SO_REUSEADDR.
    const check = `import socket, errno
try:
    socket.create_connection(("127.0.0.1", ${kept}), timeout=2)
    raise AssertionError("reached the previous sample's daemon")
except ConnectionRefusedError:
    pass
s = socket.socket(); s.bind(("127.0.0.1", ${reused})); s.listen(); s.close()
`;
    const samples: Sample[] = [
      ['leave', 'python', leave],
      ['check', 'python', check],
    ];
    const sandboxed = await inOrder(one, samples, LONG);
    expect(status(sandboxed), JSON.stringify(sandboxed)).toEqual({
      leave: 'passed',
      check: 'passed',
    });
    // control: on the host's network something of the first sample is still there for the
    // next (the TIME_WAIT port: EADDRINUSE), so the same pair does not pass. One run each:
    // `weak` has two slots, and the check must start after the first sample ended.
    const control = {
      ...(await inOrder(weak, samples.slice(0, 1), LONG)),
      ...(await inOrder(weak, samples.slice(1), LONG)),
    };
    expect(control['leave']?.status, JSON.stringify(control)).toBe('passed');
    expect(control['check']?.status, JSON.stringify(control)).not.toBe('passed');
  }, 120_000);

  it('two samples running at once on two slots cannot reach each other', async () => {
    const [a, b] = [port(), port() + 1];
    // Each serves on its own port and, for 6 s, tries to reach the other's: in one namespace the
    // two meet (the control), in two they never do.
    const peer = (mine: number, theirs: number) => `import socket, time
server = socket.socket(); server.bind(("127.0.0.1", ${mine})); server.listen(); server.settimeout(0.1)
met = False
end = time.monotonic() + 6
while time.monotonic() < end and not met:
    try:
        socket.create_connection(("127.0.0.1", ${theirs}), timeout=1).close()
        met = True
    except OSError:
        pass
    try:
        server.accept()[0].close()
        met = True
    except OSError:
        pass
assert not met, "reached the other sample"
`;
    const samples: Sample[] = [
      ['a', 'python', peer(a, b)],
      ['b', 'python', peer(b, a)],
    ];
    expect(status(await inOrder(two, samples, LONG))).toEqual({ a: 'passed', b: 'passed' });
    expect(status(await inOrder(weak, samples, LONG))).toEqual({ a: 'failed', b: 'failed' });
  }, 120_000);
});
