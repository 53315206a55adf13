/** McEval's `extract_kotlin_code_block`: the code part of a reply. */
function kotlinBlock(text: string, entryPoint: string): string {
  const found =
    new RegExp(`\`\`\`(?:[Kk]otlin)?([\\s\\S]*?[^\\n]*?${entryPoint}[\\s\\S]*?)\`\`\``).exec(
      text,
    ) ??
    new RegExp(`([^\\n]*?${entryPoint}[\\s\\S]*)`).exec(text) ??
    /```(?:[Kk]otlin)?([\s\S]*?)\n```/.exec(text);
  return found ? (found[1] ?? '') : text;
}

/** McEval's `remove_extra_braces`: every `}` with no `{` open before it dropped. */
function withoutExtraBraces(code: string): string {
  let open = 0;
  let out = '';
  for (const ch of code) {
    if (ch === '}') {
      if (open === 0) continue;
      open -= 1;
    } else if (ch === '{') open += 1;
    out += ch;
  }
  return out;
}

/** An `import` line, as Python's `^import.*?$` under re.MULTILINE finds it (lines end at \n only). */
const IMPORT = /(?<=^|\n)import[^\n]*?(?=\n|$)/g;

/**
 * McEval's Kotlin code extraction (its `extract_kotlin_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the fenced block holding the entry point (else from its line on, else the first
 * fenced block, else the text); `main()` and `check…()` functions and `check…()` calls dropped,
 * and every `}` that closes nothing; imports go first, then the row's prompt (ending in the
 * function's signature), then the code from its first `{`. McEval's program is this, a newline and
 * the row's test. Code without a `{` is McEval's failed extraction: '' here, so passk runs the tests
 * alone, which fail; McEval's eval_all.py runs the script `1234` instead, which kotlinc -script
 * runs to its end: a pass there (a difference in `reference_differences`).
 */
export function mcevalKotlinCode(text: string, prompt: string, entryPoint: string): string {
  const code = withoutExtraBraces(
    kotlinBlock(text, entryPoint)
      .replace(/\s*fun\s+main\s*\(\s*\)\s*\{[\s\S]*?\n\s*\}/g, '')
      .replace(/\s*fun\s+check\w*\s*\(\s*\)\s*\{[\s\S]*?\n\s*\}/g, '')
      .replace(/\s*check\w*\s*\(\s*\)/g, ''),
  );
  const imports = code.match(IMPORT) ?? [];
  const rest = code.replace(IMPORT, '').trim();
  const open = rest.indexOf('{');
  if (open === -1) return '';
  return `${imports.join('\n')}\n${prompt}\n${rest.slice(open)}`;
}
