import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatasetEnv } from './env.js';
import { defaultCacheDir, defaultDataDir, sharedDataDir } from './paths.js';

describe('dataset environment and paths', () => {
  it('reads every variable, treating empty as unset', () => {
    expect(
      readDatasetEnv({
        HF_ENDPOINT: 'http://mirror',
        HF_TOKEN: 't',
        PASSK_CACHE_DIR: '/c',
        PASSK_DATA_DIR: '',
      }),
    ).toEqual({
      hubUrl: 'http://mirror',
      token: 't',
      cacheDir: '/c',
      dataDir: undefined,
      offline: false,
    });
  });

  it('goes offline on HF_HUB_OFFLINE or PASSK_OFFLINE spelled as huggingface_hub accepts', () => {
    for (const value of ['1', 'true', 'YES', 'on']) {
      expect(readDatasetEnv({ HF_HUB_OFFLINE: value }).offline).toBe(true);
      expect(readDatasetEnv({ PASSK_OFFLINE: value }).offline).toBe(true);
    }
    for (const value of ['0', 'false', ''])
      expect(readDatasetEnv({ HF_HUB_OFFLINE: value }).offline).toBe(false);
  });

  it('defaults the data dir to PASSK_DATA_DIR only', () => {
    expect(defaultDataDir({})).toBeUndefined();
    expect(defaultDataDir({ PASSK_DATA_DIR: '/data' })).toBe('/data');
  });

  it('defaults the cache to PASSK_CACHE_DIR, else ~/.cache/passk', () => {
    expect(defaultCacheDir({})).toBe(join(homedir(), '.cache', 'passk'));
    expect(defaultCacheDir({ PASSK_CACHE_DIR: '/c' })).toBe('/c');
  });

  it('refuses a switch word in PASSK_CACHE_DIR or PASSK_DATA_DIR (it would name ./false)', () => {
    expect(() => defaultCacheDir({ PASSK_CACHE_DIR: 'false' })).toThrow(
      "PASSK_CACHE_DIR 'false' is not a folder",
    );
    expect(() => defaultDataDir({ PASSK_DATA_DIR: '0' })).toThrow("PASSK_DATA_DIR '0'");
    expect(defaultCacheDir({ PASSK_CACHE_DIR: '' })).toBe(join(homedir(), '.cache', 'passk'));
    expect(defaultCacheDir({ PASSK_CACHE_DIR: './false' })).toBe('./false');
  });

  it('finds ../shared/data from the repository root, not the cwd', () => {
    const repoRoot = join(import.meta.dirname, '..', '..');
    expect(sharedDataDir({})).toBe(join(repoRoot, '..', 'shared', 'data'));
    expect(sharedDataDir({ PASSK_DATA_DIR: '/elsewhere' })).toBe('/elsewhere');
    expect(existsSync(join(repoRoot, 'package.json'))).toBe(true);
  });
});
