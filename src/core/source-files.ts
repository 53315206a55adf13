import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RuntimeMissingError } from './errors.js';

/**
 * The path of a non-TypeScript file kept beside a module in src/ (harness code in its own
 * language, a manifest), given the module's `import.meta.url`. Run from src/ (tsx, vitest) it is
 * beside the module; from a built dist/ the package ships src/'s other files (package.json
 * "files"), so dist/a/b.js finds src/a/<name>.
 */
export function sourceFilePath(moduleUrl: string, name: string): string {
  const beside = fileURLToPath(new URL(name, moduleUrl));
  if (existsSync(beside)) return beside;
  const marker = beside.lastIndexOf('/dist/');
  const inSrc = marker < 0 ? beside : `${beside.slice(0, marker)}/src/${beside.slice(marker + 6)}`;
  if (existsSync(inSrc)) return inSrc;
  throw new RuntimeMissingError(`passk is installed without its file ${name}`, {
    hint: `reinstall passk; the package must contain ${inSrc}`,
  });
}

const texts = new Map<string, string>();

/** The text of `sourceFilePath(moduleUrl, name)`, read once. */
export function readSourceFile(moduleUrl: string, name: string): string {
  const path = sourceFilePath(moduleUrl, name);
  let text = texts.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    texts.set(path, text);
  }
  return text;
}
