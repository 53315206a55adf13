import { describe, expect, it } from 'vitest';
import { NONCE_FD } from '../../runtimes/nonce-channel.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { SYSROOT } from './rust.js';

/** Rust's harness files, as programs receive them, pass their compilers' checks. */
describe('rust harness files', () => {
  it('passk_main.rs type-checks after a program (rustc --emit=metadata, warnings denied)', async () => {
    const wrapper = harnessFile(import.meta.url, 'passk_main.rs', { NONCE_FD });
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
});
