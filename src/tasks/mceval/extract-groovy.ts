/** McEval's `extract_groovy_code_block`: the code part of a reply. */
function groovyBlock(text: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:[Gg]roovy)?([\\s\\S]*?public[^\\n]*?${entryPoint}[\\s\\S]*?)\`\`\``).exec(
      text,
    ) ??
    new RegExp(`(public[^\\n]*?${entryPoint}[\\s\\S]*)`).exec(text) ??
    /```(?:[Gg]roovy)?([\s\S]*?)\n```/.exec(text);
  return found ? (found[1] ?? '') : text;
}

/** Lines up to the last `//` line that says "usage" or "example" (kept whole when it is the first). */
function withoutExamples(code: string): string {
  const lines = code.split('\n').filter((line) => !line.includes('println'));
  const last = lines.findLastIndex(
    (line) => line.includes('//') && /usage|example/.test(line.toLowerCase()),
  );
  return (last > 0 ? lines.slice(0, last) : lines).join('\n');
}

/** The methods' bodies: mains, checks, asserts and the class around them dropped. */
function methodsOnly(code: string): string {
  return code
    .replace(
      /\s*(?:public)*\s+static\s+void\s+main\s*\(String\[\]\s+args\)\s*\{[\s\S]*?\n\s*\}/g,
      '',
    )
    .replace(/\s*(?:def)*\s*(?:static)*\s*(?:void)*\s+check\s*\(\s*\)\s*\{[\s\S]*?\n\s*\}/g, '')
    .replace(/\s*check\s*\(\s*\)\s*/g, '')
    .replace(/\s*assert\s+[\s\S]*?\n/g, '')
    .replace(/(?:public)*\s*class\s+\w+\s*\{\s*|\s*\}\s*$/g, '\n')
    .trim();
}

/** An `import` line, as Python's `^import.*?$` under re.MULTILINE finds it (lines end at \n only). */
const IMPORT = /(?<=^|\n)import[^\n]*?(?=\n|$)/g;

/**
 * McEval's Groovy code extraction (its `extract_groovy_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the fenced block holding `public … <entry point>` (else from that line on, else
 * the first fenced block, else the text); lines with `println` dropped, and everything from the
 * last `//` line saying "usage" or "example"; then mains, `check()` methods and calls, `assert`
 * lines and the class braces dropped; imports go first, then the row's prompt (class and method
 * head), then the code after its first `{`, then a `}` for every brace left open. McEval's
 * program is this, a newline and the row's test. Code without a `{` is McEval's failed
 * extraction: '' (McEval then runs an empty file, which passes; passk runs the tests, which fail).
 */
export function mcevalGroovyCode(text: string, prompt: string, entryPoint: string): string {
  const code = methodsOnly(withoutExamples(groovyBlock(text, entryPoint)));
  const imports = code.match(IMPORT) ?? [];
  const rest = code.replace(IMPORT, '').trim();
  const open = rest.indexOf('{');
  if (open === -1) return '';
  const full = `${imports.join('\n')}\n${prompt}\n${rest.slice(open + 1)}`;
  let depth = 0;
  for (const ch of full) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
  return full + '\n}'.repeat(Math.max(depth, 0));
}
