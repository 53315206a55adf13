/**
 * McEval's Emacs Lisp code extraction (its `extract_elisp_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `(defun <entry point>`, from there to the fence;
 * else that `(defun` to the first blank line; else the first fenced block; else the whole text;
 * then `(require 'cl-lib)` and a blank line before it. The entry point goes into the patterns
 * unescaped, as McEval's does. McEval's program is this code, a blank line, and the row's test.
 */
export function mcevalElispCode(text: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:emacs)?[\\s\\S]*?(\\(defun\\s+${entryPoint}[\\s\\S]*?)\`\`\``).exec(
      text,
    ) ??
    new RegExp(`(\\(defun\\s+${entryPoint}[\\s\\S]*?)(\\n\\n)`).exec(text) ??
    /```(?:emacs)?([\s\S]*?)```/.exec(text);
  return `(require 'cl-lib)\n\n${found ? (found[1] ?? '') : text}`;
}
