import { readdirSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageManifests, languagesDir, runtimes } from './index.js';
import { LANGUAGE_MODULES } from './registry.js';

describe('language folders', () => {
  it('every folder with a manifest is registered, and every registered language has a folder', () => {
    const dir = languagesDir();
    const folders = readdirSync(dir).filter(
      (name) => statSync(`${dir}/${name}`).isDirectory() && name !== 'kit',
    );
    expect(folders.sort()).toEqual(Object.keys(LANGUAGE_MODULES).sort());
    expect(languageManifests().map((m) => m.name)).toEqual(Object.keys(LANGUAGE_MODULES));
  });

  it("each language provides exactly the runtimes its manifest lists, under the manifest's names", async () => {
    for (const manifest of languageManifests()) {
      const module = await LANGUAGE_MODULES[manifest.name]?.();
      expect(Object.keys(module?.runtimes ?? {}).sort(), manifest.name).toEqual(
        [...manifest.runtimes].sort(),
      );
      for (const name of manifest.runtimes) {
        expect((await runtimes.get(name)).language, name).toBe(name);
      }
    }
  });
});
