/**
 * Just enough of Python's lexical structure to read one-line assert statements: where a
 * comma or `==` sits outside brackets and strings, and the scalar tokens of a literal.
 */

/** A string literal (no f-prefix, not triple-quoted), a number, or True/False/None. */
const TOKEN =
  /(?<str>(?:[rRbBuU]{0,2})(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))|(?<num>(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)|(?<word>\b(?:True|False|None)\b)|(?<punct>[\s[\](){},:+-])/y;

export interface Scalar {
  kind: 'str' | 'num' | 'word';
  start: number;
  text: string;
}

/**
 * The scalar tokens of `text` when it is a pure literal (numbers, strings, True/False/None in
 * lists, tuples, dicts and sets), else undefined: anything else (a name, a call, an operator
 * other than a sign) makes it an expression, whose value cannot be known without running it.
 */
export function literalScalars(text: string): Scalar[] | undefined {
  const scalars: Scalar[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) return undefined;
    const groups = match.groups ?? {};
    if (groups['str'] !== undefined) scalars.push({ kind: 'str', start, text: match[0] });
    else if (groups['num'] !== undefined) scalars.push({ kind: 'num', start, text: match[0] });
    else if (groups['word'] !== undefined) scalars.push({ kind: 'word', start, text: match[0] });
  }
  return scalars;
}

/**
 * Offsets of `needle` (',' or '==') in `text` at bracket depth 0 and outside strings; undefined
 * when the brackets do not balance on this line (a statement that goes on).
 */
export function topLevel(text: string, needle: ',' | '=='): number[] | undefined {
  const found: number[] = [];
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      if (text.startsWith(c.repeat(3), i)) return undefined; // triple-quoted: leave it alone
      quote = c;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '#') break;
    else if (depth === 0 && text.startsWith(needle, i)) {
      // '==' but not part of '!=', '<=', '>=' or '==='.
      if (needle === '==' && ('!<>='.includes(text[i - 1] ?? '') || text[i + 2] === '=')) continue;
      found.push(i);
      if (needle === '==') i++;
    }
  }
  return depth === 0 && quote === undefined ? found : undefined;
}
