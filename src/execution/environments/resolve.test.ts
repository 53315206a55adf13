import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { ENGINE_VERSION, programKey } from '../cache.js';
import { resolveLimits } from '../sandboxes/common.js';
import { DEBIAN_DIST_PACKAGES, resolvePythonEnvironment } from './resolve.js';

const PYTHON = '/usr/bin/python3';
const root = mkdtempSync(join(tmpdir(), 'passk-env-resolve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const minor = execFileSync(PYTHON, [
  '-c',
  'import sys; print("python%d.%d" % sys.version_info[:2])',
])
  .toString()
  .trim();

/** A venv-shaped directory (pyvenv.cfg + site-packages), without running venv. */
function fakeVenv(name: string, options: { system?: boolean; lib?: string } = {}): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'lib', options.lib ?? minor, 'site-packages'), { recursive: true });
  const system = options.system ? 'true' : 'false';
  writeFileSync(
    join(dir, 'pyvenv.cfg'),
    `home = /usr/bin\ninclude-system-site-packages = ${system}\n`,
  );
  return dir;
}

describe('resolvePythonEnvironment', () => {
  it('uses Debian’s dist-packages by default, with versions and a null for a missing module', async () => {
    const env = await resolvePythonEnvironment(
      { modules: ['json', 'numpy', 'passk_not_a_module'], debianPackages: [] },
      { interpreter: PYTHON },
    );
    expect(env).toMatchObject({ source: 'debian', sitePaths: [DEBIAN_DIST_PACKAGES] });
    expect(env.modules['numpy']).toMatch(/^\d+\.\d+/);
    expect(env.modules['json']).toMatch(/^\d/); // json has a __version__
    expect(env.modules['passk_not_a_module']).toBeNull();
    expect(env.errors['passk_not_a_module']).toContain('ModuleNotFoundError');
    expect(env.env).toMatchObject({ MPLBACKEND: 'Agg', OPENBLAS_NUM_THREADS: '1' });
    expect(env.env['PATH']).toBeUndefined(); // the sandbox's own PATH (with its `python`) stays
  });

  it('takes a venv’s site-packages, and Debian’s too only when the venv includes system packages', async () => {
    const spec = { modules: [], debianPackages: [] };
    const alone = await resolvePythonEnvironment(spec, {
      interpreter: PYTHON,
      venv: fakeVenv('a'),
    });
    expect(alone.sitePaths).toEqual([join(root, 'a', 'lib', minor, 'site-packages')]);
    expect(alone.mounts).toEqual([join(root, 'a')]);
    expect(alone.env['PATH']).toBe(`${join(root, 'a')}/bin:/usr/bin:/bin`); // `python` = the venv's
    const system = await resolvePythonEnvironment(spec, {
      interpreter: PYTHON,
      venv: fakeVenv('b', { system: true }),
    });
    expect(system.sitePaths).toEqual([
      join(root, 'b', 'lib', minor, 'site-packages'),
      DEBIAN_DIST_PACKAGES,
    ]);
    // Different places, different keys: a venv's verdicts never answer for Debian's.
    expect(new Set([alone.key, system.key]).size).toBe(2);
  });

  it('refuses a directory that is not a venv, or one made for another Python', async () => {
    const spec = { modules: [], debianPackages: [] };
    const plain = join(root, 'plain');
    mkdirSync(plain);
    await expect(
      resolvePythonEnvironment(spec, { interpreter: PYTHON, venv: plain }),
    ).rejects.toThrow(ConfigError);
    const other = fakeVenv('other', { lib: 'python3.99' });
    await expect(
      resolvePythonEnvironment(spec, { interpreter: PYTHON, venv: other }),
    ).rejects.toThrow(/has no lib\/python3\.\d+\/site-packages \(it has: python3\.99\)/);
  });
});

describe('programKey', () => {
  const parts = {
    language: 'python',
    runtimeVersion: 'python 3.11.2',
    sandbox: 'bwrap',
    limits: resolveLimits({ timeoutMs: 3000, memoryBytes: 2 ** 31, outputBytes: 1 << 20 }),
    source: 'assert True\n',
  };

  it('is unchanged for a program without an environment, and differs with one', () => {
    // The key as it was before environments existed: nothing is added for a stdlib program.
    const limits = Object.entries(parts.limits).sort(([a], [b]) => a.localeCompare(b));
    const before = createHash('sha256')
      .update(JSON.stringify([ENGINE_VERSION, 'python', 'python 3.11.2', 'bwrap', limits]))
      .update('\0')
      .update(parts.source)
      .digest('hex');
    expect(programKey(parts)).toBe(before);
    const withEnv = programKey({ ...parts, environmentKey: 'a' });
    expect(withEnv).not.toBe(programKey(parts));
    expect(withEnv).not.toBe(programKey({ ...parts, environmentKey: 'b' }));
  });
});
