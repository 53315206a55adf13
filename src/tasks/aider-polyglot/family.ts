import { z } from 'zod';
import { type Family, familyOf } from '../family.js';
import type { Task } from '../types.js';

/**
 * Aider polyglot (issue 17): Exercism exercises, a second try with the test output (JavaScript's
 * need Jest from npm: `scripts/setup.sh --task aider-polyglot-javascript`).
 */
const LANGUAGES = ['cpp', 'go', 'java', 'javascript', 'python', 'rust'] as const;
/** aider's edit formats (aider-prompts.ts EDIT_FORMATS; `diff` the default, the plain name). */
const FORMATS = ['diff', 'whole'] as const;
const loaders: Record<string, () => Promise<Task>> = {};
for (const lang of [undefined, ...LANGUAGES]) {
  const base = lang === undefined ? 'aider-polyglot' : `aider-polyglot-${lang}`;
  loaders[base] = async () => (await import('./task.js')).aiderPolyglot(lang, 'diff');
  loaders[`${base}:whole`] = async () => (await import('./task.js')).aiderPolyglot(lang, 'whole');
}
/** Aider polyglot's C++ exercises (languages/cpp/exercism-catch.ts has the measurements). */
const AIDER_CPP =
  "C++ build: Exercism's CMake flags (its Debug build: g++ -std=c++17 -DEXERCISM_RUN_ALL_TESTS -Wall -Wextra -Wpedantic -Werror, unoptimised) without -g: debug information does not change the generated code";
/** Where passk's conversation differs from aider's benchmark (docs/aider-polyglot.md). */
const AIDER_CONVERSATION = [
  "aider's model settings for a model it has no entry for: lazy and overeager prompts off, the reminder on the last user message, examples as messages; aider's per-model settings (e.g. reminder as a system message, examples in the system prompt) are not applied",
  "reflections for edits only: like aider, passk asks again within a try (up to 3 times) with aider's error when a reply is malformed or a SEARCH block does not match, but not with lint errors (aider lints each edited file, flake8's fatal checks for Python and tree-sitter's parse for the rest, and sends what it finds as a reflection too)",
  'a reflection whose request fails ends the reflections and the try goes on to the tests with the files as they stand (as in aider); a run stopped in the middle of a reflection asks that try again from its first request on resume',
  "the test output is the sandbox's last 4 KiB (aider sends all of it) from passk's runners (Python's unittest, not pytest; javac and the JUnit launcher, not Gradle)",
  'the platform lines of the diff system prompt are fixed (Linux, SHELL=None) and have no date',
  "edits to the exercise's tests and build files are dropped (aider writes them; it restores the tests before running them)",
];
export const family: Family = {
  ...familyOf('aider-polyglot', loaders),
  // --task-arg edit_format=whole|diff: the task name with `:whole` (diff is the plain name)
  params: z.strictObject({ edit_format: z.enum(FORMATS).optional() }),
  withParams(name, params) {
    const format = params['edit_format'];
    if (typeof format !== 'string') return name;
    const base = name.replace(/:[^:]*$/, '');
    return format === 'diff' ? base : `${base}:${format}`;
  },
  paramsOf: (name) => ({ edit_format: /:([^:]+)$/.exec(name)?.[1] ?? 'diff' }),
  differences: (task) => [
    ...(['aider-polyglot', 'aider-polyglot-cpp'].includes(task.name.replace(/:.*$/, ''))
      ? [AIDER_CPP]
      : []),
    ...AIDER_CONVERSATION,
  ],
};
