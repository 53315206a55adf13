import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../execution/run-command.js';
import { PYTHON_FLAGS } from '../execution/runtimes/python.js';
import { PACKAGES_PROBE, pythonEnvironment } from './python-environment.js';

/** The probe run with `extra` folders appended to sys.path (as a venv or a zip would add). */
async function probeWith(extra: string[]): Promise<{ packages: unknown[] }> {
  const prelude = `import sys; sys.path.extend(${JSON.stringify(extra)})\n`;
  const argv = ['/usr/bin/python3', ...PYTHON_FLAGS, '-c', prelude + PACKAGES_PROBE];
  return JSON.parse((await runCommand(argv)).stdout);
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passk-pyenv-'));
  const info = join(dir, 'site', 'toy_pkg-1.2.3.dist-info');
  await mkdir(info, { recursive: true });
  await writeFile(join(info, 'METADATA'), 'Metadata-Version: 2.1\nName: toy-pkg\nVersion: 1.2.3\n');
  await mkdir(join(dir, 'plain'));
  await writeFile(join(dir, 'plain', 'mod.py'), 'x = 1\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the Python packages probe', () => {
  it('finds no packages on the -I -S path (the standard library only)', async () => {
    const env = await pythonEnvironment();
    expect(env.packages).toEqual([]);
    expect(env.flags).toEqual([...PYTHON_FLAGS]);
    expect(env.version).toMatch(/^3\.\d+\.\d+/);
  });

  it('still reads a distribution on sys.path (importlib.metadata is skipped only when there is none)', async () => {
    expect((await probeWith([join(dir, 'plain')])).packages).toEqual([]);
    expect((await probeWith([join(dir, 'plain'), join(dir, 'site')])).packages).toEqual([
      { name: 'toy-pkg', version: '1.2.3' },
    ]);
  });
});
