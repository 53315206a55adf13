import { type LogicalLine, PythonScanner, type Token } from './python-lines.js';

/**
 * BigCodeBench's post-processing of a model's output (follows bigcode-project/bigcodebench
 * `sanitize.py`): take the longest run of lines that parses, then keep its imports and only the
 * top-level definitions the entry point reaches.
 */

const nonBlank = (line: string) => line.trim() !== '';

/**
 * Upstream's code_extract: the run of at least two lines with the most non-blank lines that
 * parses as a module (the first such run on ties); the first line when none does.
 */
export function codeExtract(text: string): string {
  const lines = text.split('\n');
  const total = lines.filter(nonBlank).length;
  let best: [number, number] = [0, 0];
  let bestCount = 0;
  for (let i = 0; i < lines.length && bestCount < total; i++) {
    const scanner = new PythonScanner();
    scanner.feed(lines[i]!);
    let count = nonBlank(lines[i]!) ? 1 : 0;
    for (let j = i + 1; j < lines.length && !scanner.error; j++) {
      scanner.feed(lines[j]!);
      if (nonBlank(lines[j]!)) count++;
      if (count > bestCount && scanner.complete()) {
        best = [i, j];
        bestCount = count;
      }
    }
  }
  return lines.slice(best[0], best[1] + 1).join('\n');
}

export type StatementKind = 'import' | 'class' | 'function' | 'assignment' | 'other';

export interface Statement {
  kind: StatementKind;
  /** The defined name (class, function, assigned variable); undefined for the rest. */
  name?: string;
  text: string;
  tokens: Token[];
}

/** The top-level statements of `code`, a decorated definition being one statement. */
export function topLevelStatements(code: string): Statement[] {
  const lines = code.split('\n');
  const scanner = new PythonScanner();
  for (const line of lines) scanner.feed(line);
  const groups: LogicalLine[][] = [];
  let decorating = false;
  for (const logical of scanner.logical) {
    const head = logical.tokens[0]?.text;
    if (logical.indent > 0 || decorating) groups[groups.length - 1]?.push(logical);
    else groups.push([logical]);
    if (logical.indent === 0) decorating = head === '@' || (decorating && !isDefinition(head));
  }
  return groups.map((group) => {
    const tokens = group.flatMap((logical) => logical.tokens);
    const text = lines.slice(group[0]!.firstLine, group[group.length - 1]!.lastLine + 1).join('\n');
    return { ...classify(tokens), text, tokens };
  });
}

function isDefinition(head: string | undefined): boolean {
  return head === 'def' || head === 'class' || head === 'async';
}

/** What tree-sitter calls the statement, as far as sanitize cares. */
function classify(tokens: readonly Token[]): { kind: StatementKind; name?: string } {
  const [first, second, third] = tokens;
  if (first === undefined) return { kind: 'other' };
  if (first.text === 'import' || first.text === 'from') return { kind: 'import' };
  if (first.text === 'class') return { kind: 'class', ...named(second) };
  if (first.text === 'def') return { kind: 'function', ...named(second) };
  if (first.text === 'async' && second?.text === 'def')
    return { kind: 'function', ...named(third) };
  if (first.kind === 'name' && hasAssignment(tokens)) {
    // tree-sitter's name for `x = …` / `x: T = …`; other targets (`a, b = …`) have none.
    return second?.text === '=' || second?.text === ':'
      ? { kind: 'assignment', name: first.text }
      : { kind: 'assignment' };
  }
  return { kind: 'other' };
}

function named(token: Token | undefined): { name?: string } {
  return token?.kind === 'name' ? { name: token.text } : {};
}

function hasAssignment(tokens: readonly Token[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'open') depth++;
    else if (token.kind === 'close') depth--;
    else if (depth === 0 && token.kind === 'op' && token.text === '=') return true;
  }
  return false;
}

/** Names reachable from `entryPoint` through the identifiers each definition mentions. */
export function reachable(definitions: readonly Statement[], entryPoint: string): Set<string> {
  const graph = new Map<string, Set<string>>();
  for (const definition of definitions) {
    if (definition.name === undefined) continue;
    graph.set(
      definition.name,
      new Set(definition.tokens.filter((t) => t.kind === 'name').map((t) => t.text)),
    );
  }
  const seen = new Set([entryPoint]);
  const queue = [entryPoint];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of graph.get(current) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * Upstream's sanitize(code, entrypoint): every top-level import, then the classes, functions
 * and simple assignments the entry point depends on (the first definition of a name wins), in
 * source order. Like upstream (whose tree-sitter sees a decorated definition as another node
 * type) it drops decorated definitions, `if __name__ == ...` blocks and other statements; and,
 * as upstream's final ad-hoc step does, it cuts the output before the earliest of its trailing
 * unindented lines that mention the entry point.
 */
export function sanitize(code: string, entryPoint: string): string {
  const extracted = codeExtract(code.trim());
  const imports: string[] = [];
  const definitions: Statement[] = [];
  const defined = new Set<string>();
  for (const statement of topLevelStatements(extracted)) {
    if (statement.kind === 'import') imports.push(statement.text);
    else if (statement.kind !== 'other') {
      if (statement.name !== undefined && defined.has(statement.name)) continue;
      if (statement.name !== undefined) defined.add(statement.name);
      definitions.push(statement);
    }
  }
  const keep = reachable(definitions, entryPoint);
  const kept = definitions.filter((d) => d.name !== undefined && keep.has(d.name));
  const output = [...imports, ...kept.map((d) => d.text)].join('\n');
  return cutTrailingUses(output, entryPoint);
}

function cutTrailingUses(output: string, entryPoint: string): string {
  const lines = output.split(/\r\n|\r|\n/);
  let cut: number | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.startsWith(' ')) break;
    if (line.includes(entryPoint)) cut = i;
  }
  return cut === undefined ? output : lines.slice(0, cut).join('\n');
}
