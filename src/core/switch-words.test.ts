import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { isSwitchWord, pathValue } from './switch-words.js';

describe('switch words as paths', () => {
  it('knows the words that mean on or off, blank included, in any case', () => {
    for (const word of ['false', 'FALSE', 'Off', 'none', '0', '1', 'no', 'disabled', '', '  ']) {
      expect(isSwitchWord(word), word).toBe(true);
    }
    for (const path of ['./false', 'false/x', 'off.db', '/tmp/none', 'falsey', '00']) {
      expect(isSwitchWord(path), path).toBe(false);
    }
  });

  it('refuses one with a ConfigError naming the origin and the way to turn the thing off', () => {
    const off = caught(() => pathValue('off', '--cache-dir', 'folder', 'pass --no-cache'));
    expect(off).toMatchObject({ message: "--cache-dir 'off' is not a folder", exitCode: 2 });
    expect((off as ConfigError).hint).toBe(
      'pass --no-cache; to use a folder of that name write ./off',
    );
    const error = caught(() => pathValue('false', 'PASSK_DATA_DIR', 'folder'));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).hint).toBe('to use a folder of that name write ./false');
    expect(pathValue('./false', '--cache-dir', 'folder')).toBe('./false');
  });
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
