/**
 * McEval's Vim script code extraction (its `extract_vimscript_code`, read at MCEVAL/McEval @
 * 09dec12, eval/extract/), without the row's test, which the program appends after a newline:
 * - the code: the first ```` ```vim ```` (or ```` ```vimscript ````) block; else the first fenced
 *   block; else from the row's signature (or a `function` line naming the entry point) to the
 *   end; else the whole text;
 * - from its first `print(` to the end of the code is dropped (McEval's `print\(.*?\)?$` without
 *   MULTILINE: `$` is the end, or before a final newline);
 * - before it, the row's prompt without its last line (the signature), the signature removed
 *   from it too where it appears.
 */
export function mcevalVimscriptCode(
  text: string,
  row: { prompt: string; signature: string; entryPoint: string },
): string {
  const signature = regexEscape(row.signature);
  const found =
    /```vim(?:script)*([\s\S]*?)```/.exec(text) ??
    /```([\s\S]*?)```/.exec(text) ??
    new RegExp(
      `(${signature}[\\s\\S]*|function[\\s\\S]*${regexEscape(row.entryPoint)}[\\s\\S]*)`,
    ).exec(text);
  const code = (found ? (found[1] ?? '') : text).replace(/print\([\s\S]*?\)?(?=\n$|$)/, '');
  const prompt = row.prompt.split('\n').slice(0, -1).join('\n').split(row.signature).join('');
  return `${prompt}\n${code}`;
}

/** Python's re.escape for what a signature holds. */
const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
