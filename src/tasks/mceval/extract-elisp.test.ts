import { describe, expect, it } from 'vitest';
import { mcevalElispCode } from './extract-elisp.js';

describe("McEval's Emacs Lisp extraction", () => {
  it("takes the entry point's defun from the first fence that has it, cl-lib required first", () => {
    const reply = 'Here:\n```emacs-lisp\n(defun f (a)\n  a)\n```\n(defun f () 0)';
    expect(mcevalElispCode(reply, 'f')).toBe("(require 'cl-lib)\n\n(defun f (a)\n  a)\n");
  });

  it('without a fence: that defun to the first blank line', () => {
    const text = '(defun f (a)\n  a)\n\n(message "x")';
    expect(mcevalElispCode(text, 'f')).toBe("(require 'cl-lib)\n\n(defun f (a)\n  a)");
  });

  it('else the first fenced block, else the whole text', () => {
    expect(mcevalElispCode('```\n(setq y 2)\n```', 'f')).toBe(
      "(require 'cl-lib)\n\n\n(setq y 2)\n",
    );
    expect(mcevalElispCode('(setq y 2)', 'f')).toBe("(require 'cl-lib)\n\n(setq y 2)");
  });
});
