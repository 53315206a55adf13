import { readHarnessSnippet } from '../../core/harness-files.js';
import type { Language } from '../../execution/types.js';

/**
 * The difference recorded (metrics.json `reference_differences`) for a JavaScript or TypeScript
 * task whose tests are MultiPL-E's: passk's Node preload makes their loose checks strict.
 */
export function looseEqualityDifferences(language: Language): readonly string[] {
  return language === 'javascript' || language === 'typescript'
    ? [
        'JS/TS: assert.deepEqual/equal are strict in passk (a check that passes only loosely is failed, LooseEqualityOnly); MultiPL-E uses the loose ones',
      ]
    : [];
}

/** What replaces Lua's `os.exit(lu.LuaUnit.run())` (luaunit_run.lua). */
const LUAUNIT_RUN = readHarnessSnippet(import.meta.url, 'luaunit_run.lua');
/** What replaces Racket's `(require rackunit)` (check_handler.rkt): failed checks raised. */
export const CHECK_HANDLER = readHarnessSnippet(import.meta.url, 'check_handler.rkt');

/**
 * MultiPL-E's tests as passk runs them. passk's end event is one more statement after the tests
 * (src/execution/languages/kit/script-language.ts), so tests must not end the program themselves, and a
 * failed check must stop it. Two translations need a change for that; the checks are unchanged.
 */
export function adaptTests(suffix: string, tests: string): string {
  if (suffix === 'lua') return luaTests(tests);
  if (suffix === 'rkt') return racketTests(tests);
  return tests;
}

/**
 * Lua: the tests end `os.exit(lu.LuaUnit.run())`, which would exit before the end event. The
 * run's failure count is kept instead: non-zero raises "assertion failed!" (a failed program),
 * zero lets the end event follow.
 */
function luaTests(tests: string): string {
  return tests.replace(/os\.exit\(\s*lu\.LuaUnit\.run\(\)\s*\)/, () => LUAUNIT_RUN);
}

/**
 * Racket: a rackunit check that fails outside a test case is printed and the program goes on
 * (exit status 0); MultiPL-E counts the output on stderr as the failure. Here a failed check
 * is raised instead (`current-check-handler`), so it stops the program before the end event.
 */
function racketTests(tests: string): string {
  return tests.replace(/\(require rackunit\)/, () => CHECK_HANDLER);
}
