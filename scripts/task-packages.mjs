// Prints the Debian packages a task's Python environment lists (Task.environment.python
// .debianPackages), space-separated, for `scripts/setup.sh --task NAME`. NAME is a registered
// task or a task module path. Reads the built library (dist/) or, run with `--import tsx`, the
// sources.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const name = process.argv[2];
if (!name) {
  console.error('usage: node scripts/task-packages.mjs TASK');
  process.exit(2);
}
const root = new URL('..', import.meta.url);
const built = new URL('dist/index.js', root);
const passk = await import(existsSync(built) ? built.href : new URL('src/index.ts', root).href);
const path = resolve(name);
if (!passk.tasks.has(name) && !existsSync(path)) {
  console.error(`setup: unknown task '${name}' (see \`passk tasks\`; or give a task module path)`);
  process.exit(2);
}
const task = passk.tasks.has(name)
  ? await passk.tasks.get(name)
  : (await import(pathToFileURL(path).href)).default;
console.log((task.environment?.python?.debianPackages ?? []).join(' '));
