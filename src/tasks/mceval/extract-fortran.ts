/**
 * McEval's Fortran code extraction (its `extract_fortran_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/extract_fortran_code.py). The text's block is the first fence holding the entry
 * point, else `function <ep> … end function <ep>`, else the same for `subroutine`, else the whole
 * text. From it every `function … end function <name>` (a `recursive`/`pure`/`elemental`/
 * `integer`/`logical` prefix kept), then every subroutine likewise, one per line; lines holding
 * `print` are dropped; the first line declaring the entry point is replaced by the row's prompt.
 * McEval's program is the row's test (its `contains` section open), this code, and `end program`.
 */
export function mcevalFortranCode(text: string, entryPoint: string, prompt: string): string {
  const lines = procedures(fortranBlock(text, entryPoint))
    .split('\n')
    .filter((line) => !line.includes('print'));
  const declaration = lines.findIndex(
    (line) =>
      (line.includes('function') || line.includes('subroutine')) && line.includes(entryPoint),
  );
  // Python's code_lines[:-1] and [0:] when no line declares it.
  const before = declaration < 0 ? lines.slice(0, -1) : lines.slice(0, declaration);
  return [before.join('\n'), prompt, lines.slice(declaration + 1).join('\n')].join('\n');
}

/**
 * The end of McEval's program. McEval appends `end program main`, which is the name of 49 of
 * the 50 tests' programs; Fortran/1's is `CloseElements`, which `end program main` makes a
 * compile error for every answer, so passk closes the program the test opened.
 */
export function mcevalFortranEnd(test: string): string {
  return `end program ${/^\s*program\s+(\w+)/im.exec(test)?.[1] ?? 'main'}`;
}

function fortranBlock(text: string, entryPoint: string): string {
  const name = entryPoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found =
    new RegExp(`\`\`\`(?:[Ff]ortran\\n)?([\\s\\S]*?${name}[\\s\\S]*?)\\n\`\`\``).exec(text) ??
    new RegExp(`(function\\s+${name}[\\s\\S]*?end\\s+function\\s+${name})`).exec(text) ??
    new RegExp(`(subroutine\\s+${name}[\\s\\S]*?end\\s+subroutine\\s+${name})`).exec(text);
  return found ? (found[1] ?? '') : text;
}

const PREFIX = String.raw`(?:\b(?:recursive|pure|elemental|integer|logical)\s+)?`;
const FUNCTION = new RegExp(String.raw`${PREFIX}function\s+[\s\S]*?end\s+function\s+\b\w+\b`, 'g');
const SUBROUTINE = new RegExp(
  String.raw`${PREFIX}subroutine\s+[\s\S]*?end\s+subroutine\s+\b\w+\b`,
  'g',
);

function procedures(code: string): string {
  const all = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[0]);
  return `${all(FUNCTION).join('\n')}\n${all(SUBROUTINE).join('\n')}`;
}
