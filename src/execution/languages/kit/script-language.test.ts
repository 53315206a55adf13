import { describe, expect, it } from 'vitest';
import { withPrologue } from './script-language.js';

describe('withPrologue', () => {
  it('goes first, or after a #lang line wherever it is, or after a #! line', () => {
    expect(withPrologue('echo hi\n', 'P')).toBe('P\necho hi\n');
    expect(withPrologue('#!/bin/bash\necho hi\n', 'P')).toBe('#!/bin/bash\nP\necho hi\n');
    expect(withPrologue('; a comment\n#lang racket\n(+ 1 2)\n', 'P')).toBe(
      '; a comment\n#lang racket\nP\n(+ 1 2)\n',
    );
    expect(withPrologue('x = 1 #! not a shebang\n', 'P')).toBe('P\nx = 1 #! not a shebang\n');
  });
});
