import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { defaultDbPath, runStorePath, storeFile } from './paths.js';

describe('run store paths', () => {
  it('refuses a switch word as a store file (--db false, PASSK_DB=0)', () => {
    for (const word of ['false', 'FALSE', 'true', '0', 'off', 'no', 'none', ' ']) {
      expect(() => storeFile(word, '--db'), word).toThrow(ConfigError);
    }
    expect(() => runStorePath('false', '/tmp/run')).toThrow(/--db 'false' is not a run store file/);
    expect(() => defaultDbPath('/tmp/run', { PASSK_DB: 'false' })).toThrow(/PASSK_DB 'false'/);
  });

  it('accepts paths, a file really named false included when written as a path', () => {
    expect(runStorePath('/data/runs.db', '/tmp/run')).toBe('/data/runs.db');
    expect(runStorePath('./false', '/tmp/run')).toMatch(/\/false$/);
  });
});
