import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuntimeMissingError } from '../../../core/errors.js';
import { JEST_DIR_VARIABLE, jestDir, missingJest } from './exercism-javascript.js';

describe('exercism-javascript: where Jest is', () => {
  it("is $PASSK_EXERCISM_JS_DIR, else .passk-engines/exercism-javascript in passk's folder", () => {
    expect(jestDir({ [JEST_DIR_VARIABLE]: 'some/dir' })).toBe(resolve('some/dir'));
    expect(jestDir({})).toBe(
      resolve(import.meta.dirname, '..', '..', '..', '..', '.passk-engines', 'exercism-javascript'),
    );
  });

  it('a folder without Jest is a missing runtime whose hint is the setup command', () => {
    const empty = mkdtempSync(join(tmpdir(), 'passk-no-jest-'));
    const error = missingJest(empty);
    expect(error).toBeInstanceOf(RuntimeMissingError);
    expect(error?.message).toContain(empty);
    expect(error?.hint).toContain('bash scripts/setup.sh --task aider-polyglot-javascript');
    expect(error?.hint).toContain(JEST_DIR_VARIABLE);
  });
});
