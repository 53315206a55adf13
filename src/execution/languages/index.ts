import { createRegistry } from '../../core/registry.js';
import type { Runtime } from './kit/types.js';
import { languageManifests } from './manifests.js';
import { LANGUAGE_MODULES } from './registry.js';

/**
 * Program.language → runtime, loaded on first use: every name a language's manifest lists
 * (`go`, `exercism-go`), from that language's folder.
 */
export const runtimes = createRegistry<Runtime>('runtime');
for (const manifest of languageManifests()) {
  const load = LANGUAGE_MODULES[manifest.name];
  if (!load) continue;
  for (const name of manifest.runtimes) {
    runtimes.register(name, async () => {
      const runtime = (await load()).runtimes[name];
      if (!runtime)
        throw new Error(`language '${manifest.name}' does not provide runtime '${name}'`);
      return runtime;
    });
  }
}

export { languageManifest, languageManifests, languagesDir } from './manifests.js';
export type { DebianPackage, LanguageManifest, LanguageModule } from './types.js';
