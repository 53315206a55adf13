import { describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { SYSROOT } from './rust.js';
import { rustBatch } from './rust-batch.js';
import { CARGO_CONFIG, COMPAT_MANIFEST } from './rust-crates.js';

/** Rust's harness files, as programs receive them, pass their compilers' checks. */
describe('rust harness files', () => {
  it('passk_main.rs type-checks after a program (rustc --emit=metadata, warnings denied)', async () => {
    const wrapper = harnessFile(import.meta.url, 'passk_main.rs', { RESULT_FD, NONCE_FD });
    const program = `fn passk_user_main() {}\n${wrapper}`;
    const rustc = `${SYSROOT}/bin/rustc`;
    const argv = [rustc, '--edition', '2021', '-D', 'warnings', '--emit=metadata', 'program.rs'];
    await checkFiles({ 'program.rs': program }, argv);
    expect(wrapper).toContain(`from_raw_fd(${NONCE_FD})`);
  });

  it('passk_exit.c compiles (gcc -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_exit.c');
    const argv = ['/usr/bin/gcc', '-Wall', '-Werror', '-fsyntax-only', 'passk_exit.c'];
    await checkFiles({ 'passk_exit.c': text }, argv);
    expect(text).toMatch(/^#define _GNU_SOURCE/);
  });

  it("rand_compat.rs builds as the compat crate over Debian's rand 0.8 (cargo check, offline)", async () => {
    const files = {
      'Cargo.toml': COMPAT_MANIFEST,
      'lib.rs': harnessFile(import.meta.url, 'rand_compat.rs'),
      '.cargo/config.toml': CARGO_CONFIG,
    };
    const argv = [`${SYSROOT}/bin/cargo`, 'check', '--offline', '--quiet'];
    const env = { RUSTC: `${SYSROOT}/bin/rustc`, CARGO_TARGET_DIR: 'target' };
    await checkFiles(files, argv, { ...env, CARGO_HOME: '.cargo-home' });
    expect(files['lib.rs']).toMatch(/^\/\/! rand 0\.4's interface/);
  }, 300_000);

  it.each(['passk-crates.toml', 'rand-compat.toml', 'cargo-config.toml'])(
    '%s parses as TOML (Python tomllib), its placeholders filled',
    async (name) => {
      const values = name === 'cargo-config.toml' ? { REGISTRY: '/usr/share/cargo/registry' } : {};
      const text = harnessFile(import.meta.url, name, values);
      const script = 'import sys, tomllib; tomllib.load(open(sys.argv[1], "rb"))';
      await checkFiles({ [name]: text }, ['/usr/bin/python3', '-c', script, name]);
      expect(text).toMatch(/^\[/);
    },
  );

  it('batch_main.rs type-checks as a batch of two members, as the worker writes it', async () => {
    const wrapper = `\n${harnessFile(import.meta.url, 'passk_main.rs', { RESULT_FD, NONCE_FD })}`;
    const batch = rustBatch([], wrapper);
    const members = ['passk_m0', 'passk_m1'];
    const fill = (line: string) => members.map((m) => line.replaceAll('{m}', m)).join('');
    const main = batch.main.replace('{items}', fill(batch.item)).replace('{arms}', fill(batch.arm));
    const files: Record<string, string> = { 'main.rs': main };
    for (const m of members) Object.assign(files, batch.memberFiles('fn main() {}\n', m));
    const rustc = `${SYSROOT}/bin/rustc`;
    await checkFiles(files, [
      rustc,
      '--edition',
      '2021',
      '-D',
      'warnings',
      '--emit=metadata',
      'main.rs',
    ]);
    expect(main).toContain('mod passk_m1;');
  });

  it('cargo_test.sh parses (dash -n, the sandbox /bin/sh)', async () => {
    const text = harnessFile(import.meta.url, 'cargo_test.sh', { NONCE_FD });
    await checkFiles({ 'cargo_test.sh': text }, ['/usr/bin/dash', '-n', 'cargo_test.sh']);
    expect(text).toMatch(/^nonce=\$\(cat <&\d+\)/);
  });
});
