import { pythonStrip } from '../kit/python-program.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The code McEval's `extract_java_code_block` (and C#'s `extract_csharp_code_block`) finds: the
 * first fenced block (tagged `tag` or untagged) holding the entry point, from the fence's start;
 * else the text from the start of the line naming it to the end; else the first fenced block;
 * else the whole text.
 */
export function classCodeBlock(text: string, entryPoint: string, tag: string): string {
  const name = escapeRegExp(entryPoint);
  const found =
    new RegExp(`\`\`\`(?:${tag})?([\\s\\S]*?[^\\n]*?${name}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`((?:public)?[^\\n]*?${name}[\\s\\S]*)`).exec(text) ??
    new RegExp(`\`\`\`(?:${tag})?([\\s\\S]*?)\\n\`\`\``).exec(text);
  return found ? (found[1] ?? '') : text;
}

const IMPORT = /^import.*?$/gm;

/**
 * McEval's Java extraction (eval/extract/extract_java_code.py `extract_java_code` at 09dec12),
 * re-implemented up to the row's test: the code block's own `main(String[] args)` is dropped, and
 * so are every `public class X {` and the last `}`; its `import` lines are hoisted; the code from
 * its first `{` on (the body of the entry point, and whatever follows) comes after the row's
 * prompt (the class head, the doc comment and the signature), closed with as many `}` as it
 * leaves open but one: the class stays open for the row's test, its `main` and the last `}`.
 * Code without a `{` is McEval's empty program (a failure).
 */
export function mcevalJavaCode(text: string, row: { prompt: string; entryPoint: string }): string {
  let code = classCodeBlock(text, row.entryPoint, '[Jj]ava');
  code = code.replace(
    /\s*public\s+static\s+void\s+main\s*\(String\[\]\s+args\)\s*\{[\s\S]*?\n\s*\}/g,
    '',
  );
  code = pythonStrip(code.replace(/public\s+class\s+\w+\s*\{\s*|\s*\}\s*$/g, '\n'));
  const imports = code.match(IMPORT) ?? [];
  code = pythonStrip(code.replace(IMPORT, ''));
  const start = code.indexOf('{');
  if (start < 0) return '';
  return closedButOne(`${imports.join('\n')}\n${row.prompt}\n${code.slice(start)}`);
}

/**
 * `code` closed with as many `\n}` as its braces leave open but one (McEval's Java and C#: the
 * class stays open for the row's test, which closes it). Every brace counts, as upstream counts.
 */
export function closedButOne(code: string): string {
  let open = 0;
  for (const char of code) {
    if (char === '{') open += 1;
    else if (char === '}') open -= 1;
  }
  return code + '\n}'.repeat(Math.max(open - 1, 0));
}
