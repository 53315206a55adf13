import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';

/** D's harness files, as programs receive them, pass their compilers' syntax checks (its C main wrapper: kit/wrap-main.test.ts). */
describe('d harness files', () => {
  it('passk_main.d compiles (gdc -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_main.d');
    const argv = ['/usr/bin/gdc', '-Wall', '-Werror', '-fsyntax-only', 'passk_main.d'];
    await checkFiles({ 'passk_main.d': text }, argv);
    expect(text).toMatch(/^module passk_main;/);
  });
});
