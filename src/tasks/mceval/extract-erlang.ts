/**
 * McEval's Erlang code extraction (its `extract_erlang_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block holding `-module … <entry point> … ->`; else one holding
 * `<entry point> … ->`; else from the first `<entry point>` up to its `->`; else the first fenced
 * block; else the whole text. That is cut at its first `test()`. Then, from the first
 * `<entry point> … ->` on (after an optional `-module … export …` line), the code gets the
 * prompt's first two lines (its `-module` and `-export`) and a blank line before it. The entry
 * point goes into the patterns unescaped, as McEval's does. McEval's program is this code with the
 * row's test right after it (no separator).
 */
export function mcevalErlangCode(text: string, prompt: string, entryPoint: string): string {
  const found =
    new RegExp(
      `\`\`\`(?:[Ee]rlang)?[\\s\\S]*?(-module[\\s\\S]*${entryPoint}[\\s\\S]*?->[\\s\\S]*?)\`\`\``,
    ).exec(text) ??
    new RegExp(`\`\`\`(?:[Ee]rlang)?[\\s\\S]*?(${entryPoint}[\\s\\S]*?->[\\s\\S]*?)\`\`\``).exec(
      text,
    ) ??
    new RegExp(`(${entryPoint}[\\s\\S]*?->)`).exec(text) ??
    /```(?:[Ee]rlang)?([\s\S]*?)```/.exec(text);
  let code = found ? (found[1] ?? '') : text;
  const test = code.indexOf('test()');
  if (test !== -1) code = code.slice(0, test);
  const body = new RegExp(
    `(-module[\\s\\S]*export[\\s\\S]*\\n)?(${entryPoint}[\\s\\S]*?->[\\s\\S]*)`,
  ).exec(code);
  if (!body) return code;
  const [module = '', exports = ''] = prompt.split('\n');
  return `${module}\n${exports}\n\n${body[2] ?? ''}`;
}
