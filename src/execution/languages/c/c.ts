import { readSourceFile } from '../../../core/source-files.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import {
  artifactKey,
  compileLimits,
  defineProcessRuntime,
  firstLine,
} from '../kit/process-runtime.js';
import { splitAtTests } from '../kit/test-binding.js';
import type { Diagnosis } from '../kit/types.js';

/**
 * gcc's defaults (gnu17, -O0) as McEval compiles (`gcc -o m file.c -lm`); warnings off.
 * -fmerge-constants: identical string literals share one address across the two translation
 * units as they do inside McEval's one file (C/35 compares `gameWinner(…) == "Dan"`).
 */
const CFLAGS = [
  '-w',
  '-fmerge-constants',
  `-DPASSK_NONCE_FD=${NONCE_FD}`,
  `-DPASSK_RESULT_FD=${RESULT_FD}`,
];

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  if (/Assertion .* failed/.test(outcome.stderrTail)) {
    return {
      status: 'failed',
      errorType: 'AssertionError',
      message: firstLine(outcome.stderrTail, /Assertion/),
    };
  }
  return undefined;
}

export const c = defineProcessRuntime({
  language: 'c',
  versionArgv: ['/usr/bin/gcc', '-dumpfullversion'],
  debianPackages: 'gcc',
  canaries: canaryFolder(import.meta.url, '.c', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    // Marked tests (test-binding.ts) are a translation unit of their own: see link.sh.
    const marked = splitAtTests(source);
    const files: Record<string, string> = {
      'program.c': marked ? marked.candidate : source,
      'passk_main.c': readSourceFile(import.meta.url, 'passk_main.c'),
    };
    if (marked) files['tests.c'] = marked.tests;
    const argv = [
      '/bin/sh',
      '-c',
      readSourceFile(import.meta.url, 'link.sh'),
      'sh',
      '',
      '/usr/bin/gcc',
      ...CFLAGS,
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['program'],
        limits: compileLimits(limits, 30_000),
      },
      run: { argv: ['{artifacts}/program'] },
    };
  },
  diagnose,
});
