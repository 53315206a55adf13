import { describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { END_EVENT } from '../kit/process-runtime.js';

/** D's harness files, as programs receive them, pass their compilers' syntax checks. */
describe('d harness files', () => {
  it('passk_main.d compiles (gdc -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_main.d');
    const argv = ['/usr/bin/gdc', '-Wall', '-Werror', '-fsyntax-only', 'passk_main.d'];
    await checkFiles({ 'passk_main.d': text }, argv);
    expect(text).toMatch(/^module passk_main;/);
  });

  it('passk_nonce.c compiles (gcc -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_nonce.c', { RESULT_FD, NONCE_FD, END_EVENT });
    const argv = ['/usr/bin/gcc', '-Wall', '-Werror', '-fsyntax-only', 'passk_nonce.c'];
    await checkFiles({ 'passk_nonce.c': text }, argv);
    expect(text).toContain(`close(${NONCE_FD});`);
  });
});
