import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { HarnessTemplateError, harnessFile, harnessPlaceholders } from './harness-template.js';
import { NONCE_FD } from './nonce-channel.js';
import { atLeast, defineProcessRuntime } from './process-runtime.js';
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
  /** The least address space its interpreter starts in (a VM's reservations), in bytes. */
  memoryFloorBytes?: number;
  /**
   * The language module's `import.meta.url`: its folder holds the harness, `passk_prologue.<ext>`
   * and `passk_sentinel.<ext>` (`<ext>`: `file`'s suffix). The prologue is one line put first
   * (after a `#lang`/`#!` line) that reads the nonce's pipe (nonce-channel.ts) to its end into
   * `passk_nonce` (Racket: `passk-nonce`) before any of the program's statements; the sentinel,
   * statement(s) after the tests writing the end event to RESULT_FD with that nonce (none when it
   * was empty).
   */
  moduleUrl: string;
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

/** What a script language's harness files may name: the channels' fds and the rebinding mark. */
const HARNESS_VALUES: Readonly<Record<string, string | number>> = {
  NONCE_FD,
  RESULT_FD,
  REBOUND,
};

/** A script language's harness file `passk_<part>.<ext>`, filled, without its final newline. */
export function scriptHarness(
  spec: Pick<ScriptLanguage, 'file' | 'moduleUrl'>,
  part: 'prologue' | 'sentinel',
): string {
  const name = `passk_${part}${spec.file.slice(spec.file.lastIndexOf('.'))}`;
  const names = harnessPlaceholders(spec.moduleUrl, name);
  // Only the names it has; one not in HARNESS_VALUES is left unfilled, which harnessFile refuses.
  const values = Object.fromEntries(
    Object.entries(HARNESS_VALUES).filter(([key]) => names.includes(key)),
  );
  const filled = harnessFile(spec.moduleUrl, name, values).replace(/\n$/, '');
  if (part === 'prologue' && filled.includes('\n')) {
    throw new HarnessTemplateError(
      name,
      "a prologue is one line (the program's lines keep their numbers)",
    );
  }
  return filled;
}

export function script(spec: ScriptLanguage): Runtime {
  const prologue = scriptHarness(spec, 'prologue');
  const sentinel = scriptHarness(spec, 'sentinel');
  return defineProcessRuntime({
    language: spec.language,
    versionArgv: spec.versionArgv,
    debianPackages: spec.debianPackages,
    canaries: spec.canaries,
    ...(spec.mounts ? { mounts: spec.mounts } : {}),
    plan: (source, limits) => {
      const floor = spec.memoryFloorBytes;
      const memoryBytes = floor ? atLeast(limits, { memoryBytes: floor }).memoryBytes : undefined;
      return {
        files: { [spec.file]: `${withPrologue(source, prologue)}\n${sentinel}\n` },
        run: {
          argv: [spec.interpreter, ...(spec.flags ?? []), `{scratch}/${spec.file}`],
          ...(memoryBytes ? { limits: { memoryBytes } } : {}),
        },
      };
    },
    diagnose: spec.diagnose,
  });
}
