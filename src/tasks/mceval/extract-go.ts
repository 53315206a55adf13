const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The standard packages McEval imports for code that names them (its IMPORT_HELPER). */
const IMPORT_HELPER = [
  'math',
  'strings',
  'fmt',
  'strconv',
  'time',
  'bytes',
  'regexp',
  'sort',
  'math/rand',
  'math/big',
  'crypto/md5',
  'unicode',
];

/**
 * The code McEval finds: the entry point's `func` in the first fenced block that has it, to the
 * fence's end; else from that `func` (or the row's signature) to the last `}`; else the first
 * fenced block; else the whole text; cut at any fence left in it.
 */
function codeBlock(text: string, row: { entryPoint: string; signature: string }): string {
  const name = escapeRegExp(row.entryPoint);
  const found =
    new RegExp(`\`\`\`(?:[Gg]o)?[\\s\\S]*?(func\\s+${name}[\\s\\S]*?)\`\`\``).exec(text) ??
    new RegExp(`(func\\s+${name}[\\s\\S]*\\}|${escapeRegExp(row.signature)}[\\s\\S]*\\})`).exec(
      text,
    ) ??
    /```(?:[Gg]o)?([\s\S]*?)```/.exec(text);
  if (!found) return text;
  return (found[1] ?? '').split('```')[0] ?? '';
}

/** The helper packages `code` names outside `//` lines and does not import itself. */
function helperImports(code: string): string[] {
  const lines = code.split('\n');
  return IMPORT_HELPER.filter((pkg) => {
    const name = `${pkg.split('/').at(-1)}.`;
    if (code.includes(`"${pkg}"`) || !code.includes(name)) return false;
    return lines.some((line) => line.includes(name) && !line.trim().startsWith('//'));
  });
}

/**
 * McEval's Go extraction (eval/extract/extract_go_code.py `extract_go_code` at 09dec12),
 * re-implemented up to the row's test: from the code block, everything from a `func main(` on
 * and from the first `func Test…`/`func test…` to the last `}` is dropped; the program is
 * `package main`, an import block of testify's assert, testing and the helper packages the code
 * names, then the code (the row's test follows). The prompt's own imports and comments are not
 * part of it, as in McEval.
 */
export function mcevalGoCode(text: string, row: { entryPoint: string; signature: string }): string {
  let code = codeBlock(text, row);
  // Python's `$` without MULTILINE also matches before a final newline, which the lazy match keeps.
  if (code.includes('func main')) code = code.replace(/func main\([\s\S]*?\)?(?=\n?$)/, '');
  if (code.includes('func Test') || code.includes('func test')) {
    code = code.replace(/func\s+[Tt]est[\s\S]*?\([\s\S]*?\)\s*\{[\s\S]*\}/, '');
  }
  const packages = ['github.com/stretchr/testify/assert', 'testing', ...helperImports(code)];
  const imports = `import (\n${packages.map((pkg) => `    "${pkg}"`).join('\n')}\n)\n`;
  return `package main\n${imports}\n${code}`;
}
