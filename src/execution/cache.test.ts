import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCacheDir } from './cache.js';

describe('verdict cache location', () => {
  it('is $PASSK_CACHE_DIR/verdicts; empty is unset; a switch word is refused, not ./false', () => {
    expect(defaultCacheDir({ PASSK_CACHE_DIR: '/c' })).toBe('/c/verdicts');
    expect(defaultCacheDir({ PASSK_CACHE_DIR: ' ' })).toBe(
      join(homedir(), '.cache', 'passk', 'verdicts'),
    );
    expect(() => defaultCacheDir({ PASSK_CACHE_DIR: 'off' })).toThrow(
      "PASSK_CACHE_DIR 'off' is not a folder",
    );
    expect(defaultCacheDir({ PASSK_CACHE_DIR: './off' })).toBe('off/verdicts');
  });
});
