import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interpreterPackages } from './interpreter-packages.js';

/** Debian's interpreter (setup.sh installs it), reached through a symlink of the test's own. */
const PYTHON = '/usr/bin/python3.11';
const FLAGS = ['-I', '-S'];
let dir: string;
let cache: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'passk-interp-'));
  cache = join(dir, 'cache');
  vi.stubEnv('PASSK_CACHE_DIR', cache);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const saved = () => {
  const folder = join(cache, 'environments');
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(folder, e.name));
};

describe('interpreterPackages', () => {
  it('asks the interpreter once, then answers from the cache while nothing changed', async () => {
    const link = join(dir, 'python');
    symlinkSync(PYTHON, link);
    const first = await interpreterPackages(link, FLAGS);
    expect(first.interpreter).toBe(PYTHON);
    expect(first.version).toMatch(/^3\.11\.\d+$/);
    expect(Array.isArray(first.packages)).toBe(true);
    const [file] = saved();
    expect(saved()).toHaveLength(1);
    // A planted answer comes back: no interpreter was started for it.
    const record = JSON.parse(readFileSync(file!, 'utf8'));
    const planted = [{ name: 'planted', version: '1' }];
    writeFileSync(file!, JSON.stringify({ ...record, packages: planted }));
    expect((await interpreterPackages(link, FLAGS)).packages).toEqual(planted);
    // What it depended on changed (here: its fingerprint no longer matches): asked again.
    writeFileSync(file!, JSON.stringify({ ...record, packages: planted, fingerprint: 'old' }));
    expect(await interpreterPackages(link, FLAGS)).toEqual(first);
    expect(JSON.parse(readFileSync(file!, 'utf8')).fingerprint).toBe(record.fingerprint);
  });

  it('asks a shim every time: the interpreter behind it may change', async () => {
    const shim = join(dir, 'shim');
    writeFileSync(shim, `#!/bin/sh\nexec ${PYTHON} "$@"\n`);
    chmodSync(shim, 0o755);
    const before = saved().length;
    expect((await interpreterPackages(shim, FLAGS)).interpreter).toBe(PYTHON);
    expect(saved()).toHaveLength(before);
  });
});
