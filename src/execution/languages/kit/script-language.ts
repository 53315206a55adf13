import type { RawOutcome } from '../../worker/protocol.js';
import { defineProcessRuntime } from './process-runtime.js';
import type { Canaries, Diagnosis, Runtime } from './types.js';

/**
 * Interpreted languages whose tests are top-level statements: the end sentinel is one more
 * statement appended after them, so it runs only if every test before it did (an `exit 0`
 * earlier never reaches it). No compile step.
 */
export interface ScriptLanguage {
  language: string;
  interpreter: string;
  flags?: string[];
  file: string;
  versionArgv: string[];
  debianPackages: string;
  /** Host paths outside /usr it needs (read-only), e.g. its configuration under /etc. */
  mounts?: string[];
  /**
   * One line put first (after a `#lang`/`#!` line): reads the nonce's pipe (nonce-channel.ts) to
   * its end into `passk_nonce` (Racket: `passk-nonce`), before any of the program's statements.
   */
  prologue: string;
  /** Statement(s) writing the end event to RESULT_FD with that nonce (none when it was empty). */
  sentinel: string;
  canaries: Canaries;
  diagnose(outcome: RawOutcome): Diagnosis | undefined;
}

/**
 * Issue 25: the tests' assertion is a name the candidate's code could rebind before the tests
 * run (Lua `assert`/luaunit, Ruby test-unit methods, Perl `eq_deeply`/`CORE::GLOBAL::exit`, R
 * `stopifnot`/`all.equal`, Racket `check-within`). Each prologue captures what the tests' checks
 * are before the program's first statement; each sentinel compares, after the tests and before
 * the end event, and on a rebinding prints this mark and exits 1 (verdict.ts: tamper).
 */
export const REBOUND = String.raw`passk: tamper: assert-rebound\n`;

export const comment = (prefix: string) => (text: string) =>
  `${prefix} ${text.replace(/\n/g, ' ')}\n`;

/**
 * `prologue` as the program's first line: after its `#lang` line (Racket: the module starts
 * there; comments may come before it) or its `#!` line.
 */
export function withPrologue(source: string, prologue: string): string {
  const head = /^#lang[^\n]*\n/m.exec(source) ?? /^#![^\n]*\n/.exec(source);
  if (!head) return `${prologue}\n${source}`;
  const at = head.index + head[0].length;
  return `${source.slice(0, at)}${prologue}\n${source.slice(at)}`;
}

export function script(spec: ScriptLanguage): Runtime {
  return defineProcessRuntime({
    language: spec.language,
    versionArgv: spec.versionArgv,
    debianPackages: spec.debianPackages,
    canaries: spec.canaries,
    ...(spec.mounts ? { mounts: spec.mounts } : {}),
    plan: (source) => ({
      files: { [spec.file]: `${withPrologue(source, spec.prologue)}\n${spec.sentinel}\n` },
      run: { argv: [spec.interpreter, ...(spec.flags ?? []), `{scratch}/${spec.file}`] },
    }),
    diagnose: spec.diagnose,
  });
}
