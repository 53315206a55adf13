/**
 * McEval's Pascal code extraction (its `extract_pascal_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/extract_pascal_code.py): the code is the text from `var <signature>` to the end of
 * its fence (or of the text), else the first fenced block, else the whole text, cut at any fence
 * left in it. It follows the row's prompt without its last line and with the signature removed
 * (the code brings its own); McEval's program is that and the row's test.
 */
export function mcevalPascalCode(text: string, signature: string, prompt: string): string {
  const sig = signature.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found =
    new RegExp(`\`\`\`(?:[Pp]ascal)?[\\s\\S]*?(var\\s+${sig}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`(var\\s+${sig}[\\s\\S]*)`).exec(text) ??
    /```(?:[Pp]ascal)?([\s\S]*?)\n```/.exec(text);
  const code = found ? (found[1] ?? '').split('```')[0] : text;
  // Python's str.replace: every occurrence.
  const head = prompt.split('\n').slice(0, -1).join('\n').split(signature).join('');
  return `${head}\n${code}`;
}
