import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { CHECKER, TS_DIR } from './typescript-check.js';

/** TypeScript's compile step, as the sandbox runs it, parses and checks its own sample. */
describe('typescript harness files', () => {
  it('passk-tsc.cjs parses (node --check) and type-checks cache-sample.mts, emitting program.js', async () => {
    const files = {
      'passk-tsc.cjs': CHECKER,
      'program.ts': harnessFile(import.meta.url, 'cache-sample.mts'),
    };
    await checkFiles(files, ['/usr/bin/node', '--check', 'passk-tsc.cjs']);
    // The checker exits 0 only when the sample has no diagnostic and program.js was emitted.
    const script =
      'require("./passk-tsc.cjs"); process.on("exit", () => require("node:fs").statSync("program.js"));';
    await checkFiles({ ...files, 'check.cjs': script }, ['/usr/bin/node', 'check.cjs', TS_DIR]);
    expect(CHECKER).toMatch(/^'use strict';\n/);
  }, 60_000);
});
