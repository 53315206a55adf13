/** Helpers the McEval extractions of several languages share (each re-implements McEval's). */

/** `text` as a literal inside a regular expression (Python's `re.escape`). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Group 1 of the first pattern that matches `text` (McEval tries its patterns in order). */
export function firstGroup(text: string, patterns: readonly RegExp[]): string | undefined {
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found) return found[1] ?? '';
  }
  return undefined;
}

/** Everything before the first fence left in `code` (McEval's `code.split("```")[0]`). */
export function beforeFence(code: string): string {
  return code.split('```')[0] ?? '';
}

/**
 * The row's prompt without its last line (the signature) and with every other copy of the
 * signature removed: what McEval's JavaScript, TypeScript and Lua extractions put before the code.
 */
export function promptHead(prompt: string, signature: string): string {
  return prompt.split('\n').slice(0, -1).join('\n').split(signature).join('');
}

/**
 * The lines before and after the one at `index`, sliced as Python slices them: an index of -1
 * (no such line, McEval's default) gives all lines but the last, then all lines.
 */
export function aroundLine(lines: readonly string[], index: number): [string, string] {
  const before = index === -1 ? lines.slice(0, -1) : lines.slice(0, index);
  return [before.join('\n'), lines.slice(index + 1).join('\n')];
}

/** The line at `index`, Python-style (-1 is the last line). */
export function lineAt(lines: readonly string[], index: number): string {
  return (index === -1 ? lines[lines.length - 1] : lines[index]) ?? '';
}

/**
 * Python's `^import.*?$` and `^from.*?import.*?$` under re.MULTILINE, where `.` takes a CR and
 * `^`/`$` see only LF (JavaScript's `.` stops at a CR and its `^`/`$` see one).
 */
const IMPORT_LINE = /(?<![^\n])import[^\n]*?(?![^\n])/g;
const FROM_IMPORT_LINE = /(?<![^\n])from[^\n]*?import[^\n]*?(?![^\n])/g;

/**
 * The `import` lines McEval's Ruby and R extractions hoist (a Python leftover), and the code with
 * its `import` lines emptied (`from … import` lines stay in it, as in McEval).
 */
export function hoistImports(code: string): { imports: string; rest: string } {
  const imports = [...(code.match(IMPORT_LINE) ?? []), ...(code.match(FROM_IMPORT_LINE) ?? [])];
  return { imports: imports.join('\n'), rest: code.replace(IMPORT_LINE, '') };
}
