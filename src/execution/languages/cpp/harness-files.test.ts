import { describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { END_EVENT } from '../kit/process-runtime.js';

/** C++'s harness files, as programs receive them, pass g++'s syntax check with its warnings. */
describe('cpp harness files', () => {
  it('passk_main.cpp compiles (g++ -std=c++17 -Wall -Werror -fsyntax-only)', async () => {
    const text = harnessFile(import.meta.url, 'passk_main.cpp', { RESULT_FD, NONCE_FD, END_EVENT });
    const argv = ['/usr/bin/g++', '-std=c++17', '-Wall', '-Werror', '-fsyntax-only'];
    await checkFiles({ 'passk_main.cpp': text }, [...argv, 'passk_main.cpp']);
    expect(text).toContain(`read(${NONCE_FD},`);
  });

  it.each([
    ['link.sh', {}],
    ['catch_compile.sh', { WRAPPER: 'passk_main.cpp', CATCH_MAIN: 'test/tests-main.cpp' }],
  ])('%s parses (dash -n, the sandbox /bin/sh)', async (name, values) => {
    const text = harnessFile(import.meta.url, name, values);
    await checkFiles({ [name]: text }, ['/usr/bin/dash', '-n', name]);
    expect(text).not.toMatch(/^#/);
  });
});
