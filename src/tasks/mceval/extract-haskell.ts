/**
 * McEval's Haskell code extraction (its `extract_haskell_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `<entry point> ::` (all of it); else the text up
 * to the first blank line followed by a letter after `<entry point> ::`; else the first fenced
 * block; else the whole text. That is cut at its `main :: IO ()` and its leading white space
 * dropped. The entry point goes into the patterns unescaped, as McEval's does. McEval's program
 * is this code with the row's test (its own `main`) right after it.
 */
export function mcevalHaskellCode(text: string, entryPoint: string): string {
  const found =
    new RegExp(
      `\`\`\`(?:[Hh]askell)?[\\s\\S]*?((import)?[\\s\\S]*?${entryPoint} ::[\\s\\S]*?)\`\`\``,
    ).exec(text) ??
    new RegExp(`((import)?[\\s\\S]*?${entryPoint} ::[\\s\\S]*?)(\\n\\n[a-zA-Z])`).exec(text) ??
    /```(?:[Hh]askell)?([\s\S]*?)```/.exec(text);
  let code = found ? (found[1] ?? '') : text;
  const main = code.indexOf('main :: IO ()');
  if (main !== -1) code = code.slice(0, main);
  return code.trimStart();
}
