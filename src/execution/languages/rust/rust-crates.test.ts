import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureCrates } from './rust-crates.js';

const root = mkdtempSync(join(tmpdir(), 'passk-rust-crates-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A crates folder as a build leaves it, listing its rlibs as `listed` says. */
function folder(name: string, listed: Record<string, string>): string {
  const out = join(root, name);
  mkdirSync(join(out, 'deps'), { recursive: true });
  writeFileSync(join(out, 'externs.json'), JSON.stringify(listed));
  return out;
}

describe('a built crates folder', () => {
  it('lists its rlibs relative to itself, so a copy elsewhere (a restored CI cache) finds them', async () => {
    const out = folder('copied', { md5: 'deps/libmd5-1.rlib' });
    // No cargo runs: the folder is already built (the sysroot is never looked at).
    expect(await ensureCrates(out, '/nonexistent')).toEqual({
      dir: out,
      externs: { md5: join(out, 'deps/libmd5-1.rlib') },
    });
  });

  it('still reads a folder an earlier passk built, which lists absolute paths', async () => {
    const out = folder('older', { md5: '/elsewhere/deps/libmd5-1.rlib' });
    expect(await ensureCrates(out, '/nonexistent')).toEqual({
      dir: out,
      externs: { md5: '/elsewhere/deps/libmd5-1.rlib' },
    });
  });
});
