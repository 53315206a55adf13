/**
 * The hostile-program battery with a library environment mounted (numpy, pandas, matplotlib from
 * Debian's dist-packages): the libraries add read-only mounts and variables, and nothing else
 * the program can use against the host, the libraries or the next sample. Real bwrap, real
 * Python; a 'subprocess' control shows an attack works where there is no sandbox.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecEnvironment } from '../../src/execution/environments/types.js';
import type { ExecJob, Executor, Verdict } from '../../src/execution/types.js';
import { securityExecutor } from '../helpers/security-executor.js';
import { descendants, livePrograms, token } from './helpers.js';

const ENV: ExecEnvironment = {
  python: {
    modules: ['numpy', 'pandas', 'matplotlib'],
    debianPackages: ['python3-numpy', 'python3-pandas', 'python3-matplotlib'],
  },
};
const LIMITS = { timeoutMs: 30_000, memoryBytes: 4 * 2 ** 30, outputBytes: 1 << 20 };
const SECRET_ENV = 'PASSK_ENV_SECURITY_SECRET';
const DIST = '/usr/lib/python3/dist-packages';

let sandboxed: Executor;
let weak: Executor;
let hostDir: string;

beforeAll(async () => {
  hostDir = mkdtempSync(join(tmpdir(), 'passk-env-security-'));
  process.env[SECRET_ENV] = 'hunter2';
  sandboxed = await securityExecutor(1);
  weak = await securityExecutor(1, 'subprocess');
});

afterAll(async () => {
  await sandboxed?.close();
  await weak?.close();
  delete process.env[SECRET_ENV];
  rmSync(hostDir, { recursive: true, force: true });
});

function job(id: string, source: string): ExecJob {
  return { id, program: { language: 'python', source, environment: ENV }, limits: LIMITS };
}

async function run(executor: Executor, source: string): Promise<Verdict> {
  return (await executor.run([job('attack', source)])).get('attack')!;
}

/** Every program here imports the libraries first: the attack runs with them loaded. */
const WITH_LIBRARIES = 'import numpy, pandas, matplotlib\nmatplotlib.use("Agg")\n';

describe('a program with numpy, pandas and matplotlib mounted', () => {
  it('has no network, whatever module opens the socket', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const attack = `${WITH_LIBRARIES}import socket\ns = socket.create_connection(("127.0.0.1", ${port}), timeout=2)\ns.sendall(b"pwned")\n`;
    // Sandboxed, one program tries both ways (one library import): the socket must be refused
    // by the sandbox's own loopback, not the host's, and pandas' reader must fail too.
    const both = [
      WITH_LIBRARIES,
      'import socket',
      'try:',
      `    socket.create_connection(("127.0.0.1", ${port}), timeout=2).sendall(b"pwned")`,
      'except ConnectionRefusedError:',
      '    pass',
      'else:',
      '    raise AssertionError("connected")',
      'try:',
      `    pandas.read_csv("http://127.0.0.1:${port}/x.csv")`,
      'except Exception:',
      '    pass',
      'else:',
      '    raise AssertionError("pandas read over the network")',
      '',
    ].join('\n');
    try {
      const verdict = await run(sandboxed, both);
      expect(verdict, JSON.stringify(verdict)).toMatchObject({ status: 'passed' });
      expect(connections).toBe(0);
      expect((await run(weak, attack)).status).toBe('passed'); // control: works unsandboxed
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('cannot write into dist-packages or the /etc binds (read-only)', async () => {
    const marker = token('passk-owned-');
    const targets = [
      `${DIST}/${marker}.py`,
      `${DIST}/numpy/${marker}.py`,
      `/etc/alternatives/${marker}`,
      '/etc/matplotlibrc',
      '/etc/ld.so.cache',
    ];
    // One program tries every write (each refusal must be read-only or absent: OSError,
    // PermissionError, FileNotFoundError) and a shell the same; it passes only if all were
    // refused so. One library import, not six.
    const attack = [
      WITH_LIBRARIES,
      'import subprocess',
      'written = []',
      `for target in ${JSON.stringify(targets)}:`,
      '    try:',
      '        open(target, "a").write("import os\\n")',
      '    except OSError as error:',
      '        if type(error).__name__ in ("OSError", "PermissionError", "FileNotFoundError"):',
      '            continue',
      '    written.append(target)',
      'try:',
      `    subprocess.run(["/bin/sh", "-c", "touch ${DIST}/numpy/${marker}.sh"], check=True)`,
      'except subprocess.CalledProcessError:',
      '    pass',
      'else:',
      '    written.append("sh")',
      'assert not written, written',
      '',
    ].join('\n');
    const verdict = await run(sandboxed, attack);
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ status: 'passed' });
    for (const target of targets.slice(0, 3)) expect(existsSync(target), target).toBe(false);
    expect(existsSync(`${DIST}/numpy/${marker}.sh`)).toBe(false);
  });

  it('cannot write outside its scratch dir, nor see the host’s files, HOME or variables', async () => {
    const secret = join(hostDir, 'secret.txt');
    writeFileSync(secret, 'the-secret', { mode: 0o644 });
    const marker = token('passk-outside-');
    const attack = [
      WITH_LIBRARIES,
      'import os',
      `assert ${JSON.stringify(SECRET_ENV)} not in os.environ, "env leaked"`,
      `assert not os.path.exists(${JSON.stringify(secret)}), "file visible"`,
      `assert not os.path.exists(${JSON.stringify(homedir())}), "host HOME visible"`,
      'assert os.environ["HOME"] == os.getcwd(), os.environ["HOME"]',
      'for path in ["/tmp", "/usr", "/etc", "/opt", "/"]:',
      '    try:',
      `        open(os.path.join(path, ${JSON.stringify(marker)}), "w").write("x")`,
      '    except OSError:',
      '        pass',
      '    else:',
      '        assert path == "/tmp", "wrote to " + path  # the sandbox-private /tmp only',
      '',
    ].join('\n');
    expect((await run(sandboxed, attack)).status).toBe('passed');
    expect(existsSync(join('/tmp', marker))).toBe(false);
    expect(await run(weak, attack)).toMatchObject({
      status: 'failed',
      message: 'host HOME visible',
    }); // control
  });

  it('keeps matplotlib’s config and font cache in the sample’s scratch dir, not the host’s', async () => {
    const hostCaches = [
      join(homedir(), '.cache', 'matplotlib'),
      join(homedir(), '.config', 'matplotlib'),
    ];
    const before = hostCaches.map((dir) => (existsSync(dir) ? readdirSync(dir).sort() : null));
    const program = [
      WITH_LIBRARIES,
      'import os',
      'import matplotlib.pyplot as plt',
      'plt.plot([1, 2, 3]); plt.savefig("plot.png")',
      'here = os.getcwd()',
      'assert matplotlib.get_configdir().startswith(here), matplotlib.get_configdir()',
      'assert matplotlib.get_cachedir().startswith(here), matplotlib.get_cachedir()',
      'assert any(f.startswith("fontlist") for f in os.listdir(matplotlib.get_cachedir()))',
      'assert os.environ["XDG_CACHE_HOME"].startswith(here)',
      '',
    ].join('\n');
    expect(await run(sandboxed, program)).toMatchObject({ status: 'passed' });
    const after = hostCaches.map((dir) => (existsSync(dir) ? readdirSync(dir).sort() : null));
    expect(after).toEqual(before);
  });

  it('cannot leave patched libraries, files or a HOME behind for the next sample', async () => {
    const first = [
      WITH_LIBRARIES,
      'import os, numpy.testing',
      'numpy.testing.assert_array_equal = lambda *a, **k: None',
      'numpy.sum = lambda *a, **k: 42',
      'open(os.path.join(os.environ["HOME"], "planted.txt"), "w").write("x")',
      'os.makedirs(os.path.join(os.environ["XDG_CACHE_HOME"], "planted"), exist_ok=True)',
      '',
    ].join('\n');
    const second = [
      WITH_LIBRARIES,
      'import os, numpy.testing',
      'assert numpy.sum([1, 2]) == 3',
      'try:',
      '    numpy.testing.assert_array_equal([1], [2])',
      'except AssertionError:',
      '    pass',
      'else:',
      '    raise RuntimeError("patched assert survived")',
      'assert "planted.txt" not in os.listdir(os.environ["HOME"]), os.listdir(os.environ["HOME"])',
      'cache = os.environ["XDG_CACHE_HOME"]',
      'assert not os.path.exists(os.path.join(cache, "planted")), os.listdir(cache)',
      '',
    ].join('\n');
    // One worker: both run on the same slot, one after the other.
    const verdicts = await sandboxed.run([job('first', first), job('second', second)]);
    expect(verdicts.get('first')).toMatchObject({ status: 'passed' });
    expect(verdicts.get('second'), JSON.stringify(verdicts.get('second'))).toMatchObject({
      status: 'passed',
    });
  });

  it('still may not rewrite its own functions or the runner’s (__code__, __defaults__)', async () => {
    const own = `${WITH_LIBRARIES}def f():\n    return 1\nf.__code__ = (lambda: 2).__code__\n`;
    expect(await run(sandboxed, own)).toMatchObject({
      status: 'error',
      errorType: 'RuntimeError',
      message: expect.stringContaining('__code__'),
    });
    const runner = `${WITH_LIBRARIES}import sys\nrunner = sys.modules["runner"]\nrunner.execute.__code__ = (lambda *a: 0).__code__\n`;
    expect(await run(sandboxed, runner)).toMatchObject({
      status: 'error',
      errorType: 'RuntimeError',
    });
    // Split program: the tests' part may not change defaults either.
    const tests = `${WITH_LIBRARIES}def g(x=1):\n    return x\n\n# passk: the tests start here\ng.__defaults__ = (2,)\n`;
    expect(await run(sandboxed, tests)).toMatchObject({
      status: 'error',
      errorType: 'RuntimeError',
    });
  });

  it('cannot reach the guard’s switch; without an environment the standard library’s functions may change, not the program’s nor TestCase’s', async () => {
    const find = `${WITH_LIBRARIES}import sys\nassert not hasattr(sys.modules["runner"], "_allow_library_code")\n`;
    expect(await run(sandboxed, find)).toMatchObject({ status: 'passed' });
    // Without an environment the standard library's functions may change as a library's may
    // (asyncio's import runs types.coroutine, which assigns __code__); the program's own, the
    // runner's and unittest's TestCase (whose asserts tests call) stay protected.
    const plain = async (id: string, source: string) =>
      (await sandboxed.run([{ id, program: { language: 'python', source }, limits: LIMITS }])).get(
        id,
      );
    const stdlib = 'import json\njson.dumps.__code__ = (lambda *a, **k: "").__code__\n';
    expect(await plain('stdlib', stdlib)).toMatchObject({ status: 'passed' });
    expect(
      await plain('asyncio', 'import asyncio\nfrom unittest.mock import patch\n'),
    ).toMatchObject({ status: 'passed' });
    const own = 'def f():\n    return 1\nf.__code__ = (lambda: 2).__code__\n';
    const testCase =
      'import unittest\nunittest.TestCase.assertEqual.__code__ = (lambda *a, **k: None).__code__\n';
    for (const [id, source] of [
      ['own', own],
      ['test-case', testCase],
    ] as const) {
      expect(await plain(id, source), id).toMatchObject({
        status: 'error',
        errorType: 'RuntimeError',
        message: expect.stringContaining('__code__'),
      });
    }
  });

  it('leaves nothing running after close', async () => {
    expect(sandboxed.stats().infraErrors).toBe(0);
    await sandboxed.close();
    await weak.close();
    expect(livePrograms()).toEqual([]);
    expect(descendants()).toEqual([]);
  });
});
