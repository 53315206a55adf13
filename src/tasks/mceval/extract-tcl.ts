/**
 * McEval's Tcl code extraction (its `extract_tcl_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `proc <entry point>` from that `proc` on; else
 * the text from the first `proc <entry point>` to the last `}`; else the first fenced block; else
 * the whole text. Then every `puts` line is dropped (with the whitespace before it). McEval's
 * program is this code, a blank line, and the row's test.
 */
export function mcevalTclCode(text: string, entryPoint: string): string {
  const name = entryPoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found =
    new RegExp(`\`\`\`(?:[Tt]cl)?[\\s\\S]*?(proc\\s+${name}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`(proc\\s+${name}[\\s\\S]*\\})`).exec(text) ??
    /```(?:[Tt]cl)?([\s\S]*?)```/.exec(text);
  return (found ? (found[1] ?? '') : text).replace(/\s*puts[^\n]*?\n/g, '');
}
