// Prints the Debian packages a task's Python environment lists (Task.environment.python
// .debianPackages), space-separated, for `scripts/setup.sh --task NAME`, and on stderr the
// modules no Debian package provides (environment.python.notInDebian). NAME is a registered
// task, a benchmark family (`bigcodebench`, `ds1000`: every task it names) or a task module
// path. Reads the built library (dist/), or the sources when run with `--import tsx`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const name = process.argv[2];
if (!name) {
  console.error('usage: node scripts/task-packages.mjs TASK');
  process.exit(2);
}
const root = new URL('..', import.meta.url);
const sources = process.execArgv.some((arg) => arg.includes('tsx'));
const built = existsSync(new URL('dist/index.js', root)) && !sources;
const from = (path) => new URL(built ? `dist/${path}.js` : `src/${path}.ts`, root).href;
const passk = await import(from('index'));
const { families } = await import(from('tasks/index'));
const family = families.find((f) => f.name === name);
const path = resolve(name);
if (!passk.tasks.has(name) && family === undefined && !existsSync(path)) {
  console.error(
    `setup: unknown task '${name}' (see \`passk tasks\`; a benchmark family; or a task module path)`,
  );
  process.exit(2);
}
async function load() {
  if (passk.tasks.has(name)) return [await passk.tasks.get(name)];
  if (family !== undefined) return Promise.all(family.names().map((n) => family.load(n)));
  return [(await import(pathToFileURL(path).href)).default];
}
const specs = (await load()).map((task) => task.environment?.python ?? {});
const union = (key) => [...new Set(specs.flatMap((spec) => spec[key] ?? []))].sort();
const absent = union('notInDebian');
if (absent.length > 0) {
  console.error(
    `setup: ${name}: no Debian package provides ${absent.join(', ')}; the problems needing them count as failures unless --python-env DIR gives a venv that has them`,
  );
}
console.log(union('debianPackages').join(' '));
