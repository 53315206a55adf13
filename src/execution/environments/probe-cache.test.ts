import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFingerprint, readProbe, writeProbe } from './probe-cache.js';

describe('environment probe cache', () => {
  it('the fingerprint changes when a package is installed, and only then', async () => {
    const site = await mkdtemp(join(tmpdir(), 'passk-site-'));
    const interpreter = join(site, 'python');
    await writeFile(interpreter, 'x');
    await mkdir(join(site, 'numpy-1.24.2.dist-info'));
    const before = installFingerprint(interpreter, [site]);
    expect(installFingerprint(interpreter, [site])).toBe(before);
    await mkdir(join(site, 'pandas-1.5.3.egg-info'));
    expect(installFingerprint(interpreter, [site])).not.toBe(before);
    expect(installFingerprint(interpreter, [join(site, 'absent')])).not.toBe(
      installFingerprint(interpreter, [site]),
    );
  });

  it('keeps a probe result on disk under its key', () => {
    const key = `test-${process.pid}-${Date.now()}`;
    expect(readProbe(key)).toBeUndefined();
    writeProbe(key, { modules: { numpy: '1.24.2' }, errors: {} });
    expect(readProbe(key)).toEqual({ modules: { numpy: '1.24.2' }, errors: {} });
  });
});
