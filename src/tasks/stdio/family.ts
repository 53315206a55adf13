import { familyOf } from '../family.js';

/** stdin/stdout problems from the user's JSONL file (--dataset-path FILE; see format.ts). */
export const family = familyOf('stdio', {
  stdio: async () => (await import('./task.js')).stdioTask('stdio', 'stdio/problems.jsonl'),
});
