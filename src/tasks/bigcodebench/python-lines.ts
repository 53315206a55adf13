/**
 * A line-by-line Python scanner: enough of Python's tokenizer (strings, brackets, comments,
 * continuations, indentation) to split a source into top-level statements and to tell whether a
 * run of lines could parse. Upstream BigCodeBench asks `ast.parse` (syntax_check) and
 * tree-sitter; passk's post-processing is synchronous and runs outside the sandbox, so it uses
 * this scanner instead. It rejects what `ast.parse` rejects in model replies (prose, fences,
 * unclosed strings and brackets, stray indentation, a block header without a body) and accepts
 * the valid Python it has been tested on; it is not a full grammar.
 */

export type TokenKind = 'name' | 'keyword' | 'number' | 'string' | 'op' | 'open' | 'close';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);
/** Keywords that end an operand, as a name does (`x is None`). */
const OPERAND_KEYWORDS = new Set(['False', 'None', 'True']);
/** Soft keywords: names that may be followed by another name at the start of a statement. */
const SOFT_KEYWORDS = new Set(['match', 'case', 'type']);
/** Statements that open a block: they need a colon at bracket depth 0. */
const COMPOUND = new Set([
  'if',
  'elif',
  'else',
  'for',
  'while',
  'try',
  'except',
  'finally',
  'with',
  'def',
  'class',
  'async',
]);
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const STRING_PREFIX = /^(?:r|u|b|f|br|rb|fr|rf)$/i;
const NAME_START = /[\p{L}_]/u;
const NAME_CHAR = /[\p{L}\p{N}_]/u;
const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '->',
  ':=',
  '==',
  '!=',
  '<=',
  '>=',
  '**',
  '//',
  '<<',
  '>>',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
];
const SINGLE_OPS = new Set('+-*/%@&|^~<>=.,:;');

/** One logical line: its first physical line, its tokens, and its indentation. */
export interface LogicalLine {
  firstLine: number;
  lastLine: number;
  indent: number;
  tokens: Token[];
}

/** Feeds physical lines one at a time; `error` is sticky, `complete()` says whether it could parse. */
export class PythonScanner {
  error = false;
  readonly logical: LogicalLine[] = [];
  private string: { quote: string; triple: boolean } | undefined;
  private brackets: string[] = [];
  private continued = false;
  private indents = [0];
  private pendingBody = false;
  private current: LogicalLine | undefined;
  private lineNo = -1;

  /** True when the lines fed so far form whole statements (what `ast.parse` would accept). */
  complete(): boolean {
    return (
      !this.error &&
      this.string === undefined &&
      this.brackets.length === 0 &&
      !this.continued &&
      !this.pendingBody &&
      this.current === undefined &&
      this.logical.length > 0
    );
  }

  feed(line: string): void {
    this.lineNo++;
    if (this.error) return;
    const startsLogical =
      this.current === undefined && this.string === undefined && this.brackets.length === 0;
    let at = 0;
    if (startsLogical) {
      if (/^\s*(#.*)?$/.test(line)) return; // blank or comment-only: no statement
      const indent = indentWidth(line);
      if (!this.indent(indent)) {
        this.fail();
        return;
      }
      this.current = { firstLine: this.lineNo, lastLine: this.lineNo, indent, tokens: [] };
      at = line.length - line.trimStart().length;
    }
    const logical = this.current;
    if (logical === undefined) {
      this.fail();
      return;
    }
    logical.lastLine = this.lineNo;
    this.continued = false;
    if (!this.scan(line, at, logical)) {
      this.fail();
      return;
    }
    if (this.string !== undefined && !this.string.triple && !this.continued) {
      this.fail();
      return;
    }
    if (this.string === undefined && this.brackets.length === 0 && !this.continued) {
      this.endLogical(logical);
    }
  }

  private fail(): void {
    this.error = true;
  }

  private indent(width: number): boolean {
    const top = this.indents[this.indents.length - 1] ?? 0;
    if (this.pendingBody) {
      this.pendingBody = false;
      if (width <= top) return false;
      this.indents.push(width);
      return true;
    }
    if (width > top) return false;
    while (width < (this.indents[this.indents.length - 1] ?? 0)) this.indents.pop();
    return width === this.indents[this.indents.length - 1];
  }

  private endLogical(logical: LogicalLine): void {
    this.current = undefined;
    this.logical.push(logical);
    const { tokens } = logical;
    const first = tokens[0];
    const last = tokens[tokens.length - 1];
    let depth0Colon = false;
    let depth = 0;
    for (const token of tokens) {
      if (token.kind === 'open') depth++;
      else if (token.kind === 'close') depth--;
      else if (token.kind === 'op' && token.text === ':' && depth === 0) depth0Colon = true;
    }
    const compound = first !== undefined && first.kind === 'keyword' && COMPOUND.has(first.text);
    const softCompound =
      first !== undefined && (first.text === 'match' || first.text === 'case') && tokens.length > 1;
    if (compound && !depth0Colon && first.text !== 'async') {
      this.fail();
      return;
    }
    if (last?.kind === 'op' && last.text === ':') {
      if (!compound && !softCompound) {
        this.fail();
        return;
      }
      this.pendingBody = true;
    }
  }

  /** Scans `line` from `at`, appending tokens; false on a character Python cannot tokenize. */
  private scan(line: string, start: number, logical: LogicalLine): boolean {
    let at = start;
    const tokens = logical.tokens;
    while (at < line.length) {
      if (this.string !== undefined) {
        at = this.scanString(line, at);
        continue;
      }
      const char = line[at]!;
      if (char === ' ' || char === '\t' || char === '\f' || char === '\r') {
        at++;
      } else if (char === '#') {
        break;
      } else if (char === '\\') {
        if (at !== line.length - 1) return false;
        this.continued = true;
        at++;
      } else if (char === '"' || char === "'") {
        at = this.openString(line, at, tokens);
      } else if (NAME_START.test(char)) {
        let end = at + 1;
        while (end < line.length && NAME_CHAR.test(line[end]!)) end++;
        const text = line.slice(at, end);
        if (STRING_PREFIX.test(text) && (line[end] === '"' || line[end] === "'")) {
          at = this.openString(line, end, tokens);
          continue;
        }
        if (!push(tokens, { kind: KEYWORDS.has(text) ? 'keyword' : 'name', text })) return false;
        at = end;
      } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(line[at + 1] ?? ''))) {
        const match =
          /^(?:0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?[jJ]?)/.exec(
            line.slice(at),
          );
        const text = match?.[0] ?? char;
        if (!push(tokens, { kind: 'number', text })) return false;
        at += text.length;
      } else if ('([{'.includes(char)) {
        this.brackets.push(char);
        tokens.push({ kind: 'open', text: char });
        at++;
      } else if (')]}'.includes(char)) {
        if (this.brackets.pop() !== PAIRS[char]) return false;
        tokens.push({ kind: 'close', text: char });
        at++;
      } else {
        const op = OPERATORS.find((o) => line.startsWith(o, at));
        if (op !== undefined) {
          tokens.push({ kind: 'op', text: op });
          at += op.length;
        } else if (SINGLE_OPS.has(char)) {
          tokens.push({ kind: 'op', text: char });
          at++;
        } else return false; // `, $, ?, !, and prose punctuation
      }
    }
    return true;
  }

  private openString(line: string, at: number, tokens: Token[]): number {
    const quote = line[at]!;
    const triple = line.startsWith(quote.repeat(3), at);
    this.string = { quote, triple };
    tokens.push({ kind: 'string', text: quote });
    return at + (triple ? 3 : 1);
  }

  private scanString(line: string, start: number): number {
    const string = this.string!;
    const closing = string.triple ? string.quote.repeat(3) : string.quote;
    let at = start;
    while (at < line.length) {
      if (line[at] === '\\') {
        if (at === line.length - 1) this.continued = !string.triple;
        at += 2;
      } else if (line.startsWith(closing, at)) {
        this.string = undefined;
        return at + closing.length;
      } else at++;
    }
    return line.length;
  }
}

/** Appends `token`; false when two operands meet with no operator between (prose, `x y`). */
function push(tokens: Token[], token: Token): boolean {
  const previous = tokens[tokens.length - 1];
  const operand = token.kind === 'name' || token.kind === 'number';
  if (operand && previous !== undefined && endsOperand(previous)) {
    const soft = tokens.length === 1 && SOFT_KEYWORDS.has(previous.text);
    if (!soft) return false;
  }
  if (token.kind === 'keyword' && OPERAND_KEYWORDS.has(token.text) && previous !== undefined) {
    if (endsOperand(previous)) return false;
  }
  tokens.push(token);
  return true;
}

function endsOperand(token: Token): boolean {
  return (
    token.kind === 'name' ||
    token.kind === 'number' ||
    token.kind === 'string' ||
    token.kind === 'close' ||
    (token.kind === 'keyword' && OPERAND_KEYWORDS.has(token.text))
  );
}

function indentWidth(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width = (Math.floor(width / 8) + 1) * 8;
    else if (char === '\f') width = 0;
    else break;
  }
  return width;
}

/** Could `lines` parse as a Python module (upstream's syntax_check, approximated)? */
export function looksLikePython(lines: readonly string[]): boolean {
  const scanner = new PythonScanner();
  for (const line of lines) scanner.feed(line);
  return scanner.complete();
}
