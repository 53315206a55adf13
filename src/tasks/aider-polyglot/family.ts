import { familyOf } from '../family.js';
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
export const family = familyOf('aider-polyglot', loaders);
