import { pythonStrip } from '../kit/python-program.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The code McEval finds: `def <entry point>` in a fenced block, to the fence's end; else that
 * `def` up to the first line break not followed (past blank lines) by an indented line; else the
 * whole text.
 */
function codeBlock(text: string, entryPoint: string): string {
  const def = `def\\s+${escapeRegExp(entryPoint)}`;
  const found =
    new RegExp(`\`\`\`(?:[Ss]cala\\n)?[\\s\\S]*?(${def}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`(${def}[\\s\\S]*?)(?:\\n(?!\\n*(?:  |\\t))|$)`).exec(text);
  return found ? (found[1] ?? '') : text;
}

const IMPORT = /^import.*?$/gm;

/**
 * McEval's Scala extraction (eval/extract/extract_scala_code.py `extract_scala_code` at
 * 09dec12), re-implemented up to the row's test: the reply's `import` (and `from … import`)
 * lines, wherever they are, come first; from the code block, its `import` lines, `def check(…)`
 * and an `object …Test… {` (each to the last `}`), `check(…)` calls, `assert(…)` lines and every
 * line holding `println` are dropped; the first line holding `def` and the entry point is
 * replaced by the row's prompt (with a `{` added when that line had one). When the braces then
 * balance, the last `}` is dropped, so the row's test (its `main` and the object's `}`) closes
 * the object.
 */
export function mcevalScalaCode(text: string, row: { prompt: string; entryPoint: string }): string {
  const imports = [...(text.match(IMPORT) ?? []), ...(text.match(/^from.*?import.*?$/gm) ?? [])];
  const code = pythonStrip(codeBlock(text, row.entryPoint).replace(IMPORT, ''))
    .replace(/def\s+check\s*\([\s\S]*?\)[\s\S]*?\{[\s\S]*\}/g, '')
    .replace(/\s+object[\s\S]*?Test[\s\S]*?\{[\s\S]*\}/g, '')
    .replace(/\s+check\s*\([\s\S]*?\)/g, '')
    // `.` of Python without DOTALL: anything but a newline.
    .replace(/\s+assert\s*\([^\n]*\)/g, '');
  const lines = code.split('\n').filter((line) => !line.includes('println'));
  const at = lines.findIndex((line) => line.includes('def') && line.includes(row.entryPoint));
  // Upstream's index -1 (no such line) reads and slices as Python does: the last line, then all.
  const declaration = at === -1 ? lines.at(-1) : lines[at];
  const prompt = declaration?.includes('{') ? `${row.prompt}{` : row.prompt;
  const before = at === -1 ? lines.slice(0, -1) : lines.slice(0, at);
  const full = `${imports.join('\n')}\n${before.join('\n')}\n${prompt}\n${lines.slice(at + 1).join('\n')}`;
  return balanced(full) ? full.replace(/\}\s*$/, '') : full;
}

/** As many `{` as `}` (every brace counts, as upstream counts). */
function balanced(code: string): boolean {
  let open = 0;
  for (const char of code) {
    if (char === '{') open += 1;
    else if (char === '}') open -= 1;
  }
  return open === 0;
}
