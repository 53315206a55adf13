/**
 * Line-level reading of a HumanEval function: its parameters and the shape of its body. Enough
 * to rewrite canonical solutions the way models vary them; no Python parser is needed because
 * every rewrite is checked by running it (test/e2e/humaneval-shaped.test.ts and the bench).
 */

/** The text between the parentheses of `def entry(...)`, brackets in annotations included. */
export function signatureParams(prompt: string, entryPoint: string): string {
  const start = prompt.indexOf(`def ${entryPoint}(`);
  if (start < 0)
    throw new Error(`the prompt has no "def ${entryPoint}(": cannot read its parameters`);
  const open = start + `def ${entryPoint}(`.length;
  let depth = 1;
  for (let i = open; i < prompt.length; i++) {
    const char = prompt[i]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth === 0) return prompt.slice(open, i);
  }
  throw new Error(`the signature of ${entryPoint} is not closed in its prompt`);
}

/** Splits at commas outside brackets. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  return [...parts, current];
}

/** The parameter names of a signature's text (annotations and defaults dropped). */
export function paramNames(params: string): string[] {
  return topLevelParts(params)
    .map((part) => part.split(/[:=]/)[0]!.trim())
    .filter((name) => /^[A-Za-z_]\w*$/.test(name));
}

export const indentOf = (line: string): string => /^[ \t]*/.exec(line)![0];

/** Indexes of `while` lines and of every line inside their blocks (a mutation there may loop). */
export function insideWhile(lines: readonly string[]): Set<number> {
  const blocked = new Set<number>();
  let whileIndent: number | undefined;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const indent = indentOf(line).length;
    if (whileIndent !== undefined && indent <= whileIndent) whileIndent = undefined;
    if (whileIndent === undefined && /^\s*while\b/.test(line)) whileIndent = indent;
    if (whileIndent !== undefined) blocked.add(index);
  });
  return blocked;
}

/** True when every bracket opened on the line is closed on it. */
export function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The last one-line `return EXPR` of a body: its index, indentation and expression. */
export function lastReturn(
  lines: readonly string[],
): { index: number; indent: string; expr: string } | undefined {
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = /^(\s*)return\s+(.+?)\s*$/.exec(lines[index]!);
    if (match && balanced(match[2]!) && !match[2]!.endsWith('\\')) {
      return { index, indent: match[1]!, expr: match[2]! };
    }
  }
  return undefined;
}

/** Index of the first line holding code (canonical solutions may open with blank lines). */
export function firstCodeLine(lines: readonly string[]): number {
  const index = lines.findIndex((line) => line.trim() !== '');
  return Math.max(index, 0);
}

/** Whole-word occurrence test. */
export const hasWord = (text: string, word: string): boolean =>
  new RegExp(`(?<![\\w.])${word}(?!\\w)`).test(text);
