import { type Family, familyOf } from '../family.js';
import type { Task } from '../types.js';

/**
 * Aider polyglot (issue 17): Exercism exercises, a second try with the test output (JavaScript's
 * need Jest from npm: `scripts/setup.sh --task aider-polyglot-javascript`).
 */
const LANGUAGES = ['cpp', 'go', 'java', 'javascript', 'python', 'rust'] as const;
const loaders: Record<string, () => Promise<Task>> = {
  'aider-polyglot': async () => (await import('./task.js')).aiderPolyglot(),
};
for (const lang of LANGUAGES) {
  loaders[`aider-polyglot-${lang}`] = async () => (await import('./task.js')).aiderPolyglot(lang);
}
/** Aider polyglot's C++ exercises (languages/cpp/exercism-catch.ts has the measurements). */
const AIDER_CPP =
  "C++ build: Exercism's CMake flags (its Debug build: g++ -std=c++17 -DEXERCISM_RUN_ALL_TESTS -Wall -Wextra -Wpedantic -Werror, unoptimised) without -g: debug information does not change the generated code";
export const family: Family = {
  ...familyOf('aider-polyglot', loaders),
  differences: (task) =>
    ['aider-polyglot', 'aider-polyglot-cpp'].includes(task.name) ? [AIDER_CPP] : [],
};
