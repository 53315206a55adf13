import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { harnessFile } from '../kit/harness-template.js';

/**
 * The `typescript` package passk depends on, as a host directory. It is bound read-only into the
 * sandbox at the same path; passk itself never loads the compiler (nothing a sample wrote is
 * parsed on the host).
 */
export const TS_DIR = realpathSync(
  dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
);
export const TS_VERSION = (
  JSON.parse(readFileSync(`${TS_DIR}/package.json`, 'utf8')) as { version: string }
).version;

/**
 * The compile step of a TypeScript sample, run by the exec worker inside the sandbox as the
 * sample's uid, one process per sample (so no global scope is shared between samples):
 * type-checks program.ts with `strict`, lib ES2022, no @types and `noResolve` (an import or a
 * `/// <reference path>` reads no file), then emits program.js (CommonJS, ES2022).
 * stderr carries exactly one line: `error TS<code>: <first diagnostic> (+N more)` (exit 2), or
 * `error TypeCheckerCrash: <what>` when the compiler itself threw (exit 3), e.g. a stack overflow
 * on a deeply nested literal. The candidate's code never runs here.
 */
export const CHECKER = harnessFile(import.meta.url, 'passk-tsc.cjs');

/** Goes into the version string, so into every verdict and artifact cache key. */
export const CHECKER_HASH = createHash('sha256').update(CHECKER).digest('hex').slice(0, 12);

/** A checker line (see CHECKER) read back from a CompileError message. */
export function checkerLine(
  message: string,
): { kind: 'diagnostic' | 'crash'; code: string; text: string } | undefined {
  const diagnostic = /^error (TS\d+): (.*)$/s.exec(message);
  if (diagnostic) return { kind: 'diagnostic', code: diagnostic[1]!, text: diagnostic[2]! };
  const crash = /^error TypeCheckerCrash: (.*)$/s.exec(message);
  if (crash) return { kind: 'crash', code: 'TypeCheckerCrash', text: crash[1]! };
  return undefined;
}
