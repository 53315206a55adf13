// Prints the Debian packages of every registered language, one per line: the package, then the
// paths any one of which shows it installed (tab-separated; shell globs, `$HOME` expanded by the
// caller). Read by scripts/setup.sh --languages from the language folders' manifest.json files,
// so a new language folder brings its own toolchain. Plain Node: runs before `npm ci`.
import { readFileSync } from 'node:fs';

const languages = new URL('../src/execution/languages/', import.meta.url);
const registry = readFileSync(new URL('registry.ts', languages), 'utf8');
const names = [...registry.matchAll(/import\('\.\/([a-z0-9-]+)\/language\.js'\)/g)].map(
  (m) => m[1],
);
for (const name of names) {
  const manifest = JSON.parse(readFileSync(new URL(`${name}/manifest.json`, languages), 'utf8'));
  for (const { package: pkg, probes } of manifest.debian) console.log([pkg, ...probes].join('\t'));
}
