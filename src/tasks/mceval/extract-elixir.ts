/**
 * McEval's Elixir code extraction (its `extract_elixir_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `def <entry point>`, from there; else from that
 * `def` to the text's last `end`; else the first fenced block; else the whole text. Every `IO.`
 * call is dropped to the end of its line (with the white space before it), and a test module
 * (`defmodule …Test do` to the last `end`). The prompt's first line (its `defmodule … do`) goes
 * first, and an `end` closes the module when the text has no `defmodule` of its own. The entry
 * point goes into the patterns unescaped, as McEval's does. McEval's program is this code, a
 * blank line, and the row's test.
 */
export function mcevalElixirCode(text: string, prompt: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:[Ee]lixir)?[\\s\\S]*?(def\\s+${entryPoint}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`(def\\s+${entryPoint}[\\s\\S]*end)`).exec(text) ??
    /```(?:[Ee]lixir)?([\s\S]*?)```/.exec(text);
  const code = (found ? (found[1] ?? '') : text)
    .replace(/\s*IO\.[\s\S]*?\n/g, '')
    .replace(/defmodule[\s\S]*?Test\s+do[\s\S]*end/g, '');
  const head = prompt.split('\n')[0] ?? '';
  return text.includes('defmodule') ? `${head}\n${code}\n` : `${head}\n${code}\nend\n`;
}
