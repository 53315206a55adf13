import { describe, expect, it } from 'vitest';
import { checkFiles } from './harness-files.test-helpers.js';
import { BATCH_COMPILER } from './jvm-batch.js';
import { NODE_PRELOAD } from './node.js';

/** The shared harness files (kit/), as programs and the worker receive them, pass their tools. */
describe('kit harness files', () => {
  it('passk-preload.cjs parses as CommonJS (node --check), its fds filled in', async () => {
    await checkFiles({ 'passk-preload.cjs': NODE_PRELOAD }, [
      '/usr/bin/node',
      '--check',
      'passk-preload.cjs',
    ]);
    expect(NODE_PRELOAD).not.toContain('{{');
    expect(NODE_PRELOAD).toMatch(/^'use strict';\n/);
  });

  it('PasskBatchCompiler.java compiles with every lint warning an error (javac -Xlint:all -Werror)', async () => {
    const argv = [
      '/usr/bin/javac',
      '-Xlint:all',
      '-Werror',
      '-d',
      'out',
      'PasskBatchCompiler.java',
    ];
    await checkFiles({ 'PasskBatchCompiler.java': BATCH_COMPILER }, argv);
    expect(BATCH_COMPILER).toMatch(/^import /);
  }, 120_000);
});
