/**
 * McEval's Common Lisp code extraction (its `extract_clisp_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `(defun <entry point>`, from there; else that
 * `(defun` to the first blank line; else the first fenced block (McEval's fence pattern is
 * `[Li]ip`, kept); else the whole text. Then as many `)` as it has unclosed `(`. The entry point
 * goes into the patterns unescaped, as McEval's does (`contains-nil?` makes its `l` optional).
 * McEval's program is this code, a blank line, and the row's test.
 */
export function mcevalLispCode(text: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:[Ll]isp)?[\\s\\S]*?(\\(defun\\s+${entryPoint}[\\s\\S]*?)\`\`\``).exec(
      text,
    ) ??
    new RegExp(`(\\(defun\\s+${entryPoint}[\\s\\S]*?)(\\n\\n)`).exec(text) ??
    /```(?:[Li]ip)?([\s\S]*?)```/.exec(text);
  const code = found ? (found[1] ?? '') : text;
  let open = 0;
  for (const ch of code) open += ch === '(' ? 1 : ch === ')' ? -1 : 0;
  return code + ')'.repeat(Math.max(open, 0));
}
