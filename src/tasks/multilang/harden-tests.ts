import { readHarnessSnippet } from '../../core/harness-files.js';
import type { Language } from '../../execution/types.js';

/**
 * The tests run in the candidate's own process, after its code: passk rewrites the few test
 * constructs a candidate could switch off from there (issue 9). Only the tests are rewritten,
 * never the candidate, and only into something that checks exactly the same thing.
 */
export function hardenTests(language: Language, tests: string): string {
  if (language === 'java') return javaAssertsAsThrows(tests);
  if (language === 'shell') return shellErrexitCheck(tests);
  return tests;
}

/**
 * Java `assert cond;` depends on the class's `$assertionsDisabled`, which a candidate can flip
 * (Unsafe, or a class initialiser): each single-line `assert(…);` of the tests becomes
 * `if (!(…)) throw new java.lang.AssertionError();`, which no flag turns off. A line with `:` (a message
 * or a conditional) is left as it is.
 */
export function javaAssertsAsThrows(tests: string): string {
  return tests.replace(
    /^([ \t]*)assert\b([^:\n]*);[ \t]*$/gm,
    (_line, indent: string, condition: string) =>
      `${indent}if (!(${condition.trim()})) throw new java.lang.AssertionError();`,
  );
}

/**
 * errexit_check.sh: MultiPL-E's shell tests rely on `set -e`, which a candidate can defuse by
 * defining a function called `set`. Right after the tests' `set -e`, a check that needs no command
 * (a keyword test and an expansion of an unset positional parameter, which aborts the script) stops
 * the tests, with status 1, unless errexit really is on.
 */
const ERREXIT_CHECK = readHarnessSnippet(import.meta.url, 'errexit_check.sh');

export function shellErrexitCheck(tests: string): string {
  return tests.replace(/^set -e[ \t]*$/gm, (line) => `${line}\n${ERREXIT_CHECK}`);
}
