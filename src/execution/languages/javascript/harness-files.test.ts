import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { exercismJestFiles } from './exercism-javascript.js';

/** The Aider polyglot JavaScript harness files, as the sandbox receives them, parse as CommonJS. */
describe('javascript harness files', () => {
  it.each(Object.keys(exercismJestFiles))('%s parses (node --check)', async (name) => {
    const text = exercismJestFiles[name]!;
    await checkFiles({ [name]: text }, ['/usr/bin/node', '--check', name]);
    expect(text).toMatch(/^'use strict';\n/);
    expect(text).not.toContain('{{');
  });
});
