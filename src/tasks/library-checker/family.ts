import { familyOf } from '../family.js';

/** Library Checker: stdin/stdout problems judged by their testlib checkers (task.ts). */
export const family = familyOf('library-checker', {
  'library-checker': async () => (await import('./task.js')).libraryCheckerTask('cpp'),
  'library-checker-python': async () => (await import('./task.js')).libraryCheckerTask('python'),
});
