import { aroundLine, firstGroup, hoistImports } from './extract-shared.js';

/**
 * McEval's Ruby code extraction (`extract_ruby_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block's `def <entry point>` to the fence, else that `def` to
 * the first `end`, else the whole text when it starts with `def ` (otherwise no code: undefined).
 * `import`/`from … import` lines are hoisted (a Python leftover, kept); then everything from a
 * `def check…` to the last `end`, every line holding `check` (with the blank space before it),
 * every `raise <word>` and every line holding `puts` are dropped. The line of the entry point's
 * `def` is replaced by the row's prompt. McEval's program is that, a newline and the row's test.
 * The entry point goes into the patterns unescaped, as McEval's does.
 */
export function mcevalRubyCandidate(
  text: string,
  row: { prompt: string; entryPoint: string },
): string | undefined {
  const block = firstGroup(text, [
    new RegExp(`\`\`\`(?:[Rr]uby\\n)?[\\s\\S]*?(def\\s+${row.entryPoint}[\\s\\S]*?)\\n\`\`\``),
    new RegExp(`(def\\s+${row.entryPoint}[\\s\\S]*?end)`),
  ]);
  const code = block ?? (text.startsWith('def ') ? text : undefined);
  if (code === undefined) return undefined;
  const { imports, rest } = hoistImports(code);
  const cleaned = `${rest.trim()}\n`
    .replace(/\s*def\s+check\w*\s*[\s\S]*end/g, '')
    .replace(/\s*check[^\n]*\n/g, '')
    .replace(/\s*raise\s+\w+/g, '');
  const lines = cleaned.split('\n').filter((line) => !line.includes('puts'));
  const index = lines.findIndex((l) => l.trim().startsWith('def') && l.includes(row.entryPoint));
  const [before, after] = aroundLine(lines, index);
  return `${imports}\n${before}\n${row.prompt}\n${after}`;
}
