/**
 * McEval's CoffeeScript code extraction (its `extract_coffeescript_code`, read at MCEVAL/McEval @
 * 09dec12, eval/extract/extract_coffescript_code.py), without the row's test, which the program
 * appends after a newline:
 * - the code: from the entry point's name in the first fenced block (up to a newline before a
 *   closing fence); else from the name to the first newline not followed by an indented line;
 *   else the whole text. The entry point goes into the patterns unescaped, as McEval's does;
 * - `import` lines are moved to the top, `from … import …` lines copied there, `console.log` lines
 *   dropped;
 * - the first line with `->` and the entry point (the declaration) is replaced by the row's
 *   prompt (its `assert = require 'assert'`, comment and declaration). Without one, McEval's
 *   index -1 keeps all but the last line before the prompt and every line after it.
 */
export function mcevalCoffeescriptCode(text: string, prompt: string, entryPoint: string): string {
  const code = codeBlock(text, entryPoint);
  const importLines = [...code.matchAll(/^import.*$/gm), ...code.matchAll(/^from.*?import.*$/gm)];
  const lines = code
    .replace(/^import.*$/gm, '')
    .trim()
    .split('\n')
    .filter((line) => !line.includes('console.log'));
  const at = lines.findIndex((line) => line.includes('->') && line.includes(entryPoint));
  const before = at === -1 ? lines.slice(0, -1) : lines.slice(0, at);
  return [
    importLines.map((m) => m[0]).join('\n'),
    before.join('\n'),
    prompt,
    lines.slice(at + 1).join('\n'),
  ].join('\n');
}

function codeBlock(text: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:[Cc]offeescript\\n)?[\\s\\S]*?(${entryPoint}[\\s\\S]*?)\\n\`\`\``).exec(
      text,
    ) ?? new RegExp(`(${entryPoint}[\\s\\S]*?)(?:\\n(?!\\n*(?:  |\\t))|$)`).exec(text);
  return found ? (found[1] ?? '') : text;
}
