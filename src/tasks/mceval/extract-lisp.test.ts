import { describe, expect, it } from 'vitest';
import { mcevalLispCode } from './extract-lisp.js';

// Expected values: McEval's own extract_clisp_code on the same texts (run with python3).
describe("McEval's Common Lisp extraction", () => {
  it('from `(defun <entry point>` to the end of its fence, unclosed parentheses closed', () => {
    const reply = 'Here:\n```lisp\n(defun f (x)\n  (* 2 x\n```\n';
    expect(mcevalLispCode(reply, 'f')).toBe('(defun f (x)\n  (* 2 x\n))');
  });

  it('without a fence: to the first blank line; else the first fenced block; else the text', () => {
    expect(mcevalLispCode('(defun f (x) x)\n\n(f 1)', 'f')).toBe('(defun f (x) x)');
    expect(mcevalLispCode('```\n(g)\n```', 'f')).toBe('\n(g)\n');
    expect(mcevalLispCode('(g', 'f')).toBe('(g)');
  });
});
