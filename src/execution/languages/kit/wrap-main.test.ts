import { describe, expect, it } from 'vitest';
import { checkFiles } from './harness-files.test-helpers.js';
import { NONCE_FD } from './nonce-channel.js';
import { WRAP_MAIN_C } from './wrap-main.js';

/** The C main wrapper D and Fortran link, as programs receive it, passes gcc's checks. */
describe('passk_wrap_main.c', () => {
  it.each([
    ['plain (D)', []],
    ['with PASSK_STOPPED (Fortran)', ['-DPASSK_STOPPED="stopped"']],
  ])('compiles %s (gcc -Wall -Werror -fsyntax-only)', async (_, defines) => {
    const argv = ['/usr/bin/gcc', '-Wall', '-Werror', '-fsyntax-only', ...defines, 'wrap.c'];
    await checkFiles({ 'wrap.c': WRAP_MAIN_C }, argv);
    expect(WRAP_MAIN_C).toContain(`close(${NONCE_FD});`);
    expect(WRAP_MAIN_C).toContain('atexit(passk_stopped_early)');
  });
});
