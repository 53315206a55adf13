import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RuntimeMissingError } from '../../core/errors.js';
import { LANGUAGE_MODULES } from './registry.js';
import type { LanguageManifest } from './types.js';

/**
 * This folder in the sources, where the manifests (and the harness files) live. From src/ it is
 * this module's own folder; from a built dist/ the package ships it at src/execution/languages
 * (package.json "files").
 */
export function languagesDir(): string {
  for (const candidate of ['./', '../../../src/execution/languages/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}python/manifest.json`)) return dir.replace(/\/$/, '');
  }
  throw new RuntimeMissingError('passk is installed without its language files', {
    hint: 'reinstall passk; the package must contain src/execution/languages/*/manifest.json',
  });
}

let cached: readonly LanguageManifest[] | undefined;

/** Every registered language's manifest, in registry order (read once). */
export function languageManifests(): readonly LanguageManifest[] {
  if (cached) return cached;
  const dir = languagesDir();
  const folders = new Set(readdirSync(dir));
  cached = Object.keys(LANGUAGE_MODULES).map((name) => {
    if (!folders.has(name)) throw new Error(`language '${name}' is registered but has no folder`);
    return JSON.parse(readFileSync(`${dir}/${name}/manifest.json`, 'utf8')) as LanguageManifest;
  });
  return cached;
}

/** The manifest of a language by folder name, or undefined. */
export function languageManifest(name: string): LanguageManifest | undefined {
  return languageManifests().find((manifest) => manifest.name === name);
}
