import { pythonStrip } from '../kit/python-program.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The code McEval finds: a fenced block from its start to the fence's end, when it names
 * `fn <entry point>`; else such a block left open (to the end of the text, before a final
 * newline, as Python's `$` matches); else from `fn <entry point>` to the last `}`; else the text.
 */
function codeBlock(text: string, entryPoint: string): string {
  const fn = `fn\\s+${escapeRegExp(entryPoint)}`;
  const found =
    new RegExp(`\`\`\`(?:[Rr]ust)?([\\s\\S]*?${fn}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`\`\`\`(?:[Rr]ust)?([\\s\\S]*?${fn}[\\s\\S]*?)(?=\\n?$)`).exec(text) ??
    new RegExp(`(${fn}[\\s\\S]*\\})`).exec(text);
  return found ? (found[1] ?? '') : text;
}

/**
 * McEval's Rust extraction (eval/extract/extract_rust_code.py `extract_rust_code` at 09dec12),
 * re-implemented up to the row's test: from the code block, `fn main` (to the last `}`, or to the
 * end), `fn check` (to the last `}`), calls of `check(…);` and every line holding `printl` are
 * dropped; the first line holding `fn` and the entry point is replaced by the row's prompt (with a
 * `{` added when that line had one and the prompt does not end in one). McEval appends the test.
 */
export function mcevalRustCode(text: string, row: { prompt: string; entryPoint: string }): string {
  const code = codeBlock(text, row.entryPoint)
    .replace(/fn\s+main\s*\([\s\S]*?\)\s*\{[\s\S]*\}/g, '')
    .replace(/fn\s+main\s*\([\s\S]*?\)\s*\{[\s\S]*$/g, '')
    .replace(/fn\s+check\s*\([\s\S]*?\)\s*\{[\s\S]*\}/g, '')
    .replace(/\s+check\s*\([\s\S]*?\);/g, '');
  const lines = code.split('\n').filter((line) => !line.includes('printl'));
  const at = lines.findIndex((line) => line.includes('fn') && line.includes(row.entryPoint));
  // Upstream's index -1 (no such line) reads and slices as Python does: the last line, then all.
  const declaration = at === -1 ? lines.at(-1) : lines[at];
  const brace = declaration?.includes('{') && !pythonStrip(row.prompt).endsWith('{') ? '{' : '';
  const before = at === -1 ? lines.slice(0, -1) : lines.slice(0, at);
  return `${before.join('\n')}\n${row.prompt}${brace}\n${lines.slice(at + 1).join('\n')}`;
}
