/**
 * Failing samples, written the ways sampled models fail HumanEval: a wrong answer from one
 * mutated operator, constant or bound; an exception with a traceback; a syntax error; a value of
 * the wrong type; printing instead of returning; a loop that never ends. Every rewrite starts
 * from the canonical solution, so the rest of the program looks like a real attempt.
 */
import { type Canon, withComments } from './correct-variants.js';
import { firstCodeLine, indentOf, insideWhile, lastReturn } from './python-text.js';
import { type Rng, shuffle } from './random.js';

/** The ways a sample can fail, each a share of the file (see humaneval-shaped.ts). */
export type FailureKind =
  | 'wrong-answer'
  | 'name-error'
  | 'type-error'
  | 'index-error'
  | 'zero-division'
  | 'recursion'
  | 'syntax-error'
  | 'wrong-type'
  | 'printing'
  | 'infinite-loop';

const bodyLines = (canon: Canon) => canon.body.replace(/\n+$/, '').split('\n');

/** [pattern, replacement]: one site of one of them is mutated. */
const MUTATIONS: [RegExp, (match: string) => string][] = [
  [
    / (<=|>=|<|>|==|!=) /g,
    (op) =>
      ` ${{ ' <= ': '<', ' >= ': '>', ' < ': '<=', ' > ': '>=', ' == ': '!=', ' != ': '==' }[op]} `,
  ],
  [/ (\+|-|\*|%) /g, (op) => ` ${{ ' + ': '-', ' - ': '+', ' * ': '+', ' % ': '//' }[op]} `],
  [/(?<![\w.])\d+(?![\w.])/g, (n) => String(Number(n) + 1)],
  [/\blen\(([^()]*)\)/g, (call) => `(${call} - 1)`],
  [/ (and|or) /g, (op) => (op === ' and ' ? ' or ' : ' and ')],
  [/\b(True|False)\b/g, (b) => (b === 'True' ? 'False' : 'True')],
];

/** Every mutable site outside `while` loops (a mutated loop bound may never end). */
function mutationSites(
  lines: readonly string[],
): { line: number; at: number; from: string; to: string }[] {
  const blocked = insideWhile(lines);
  return lines.flatMap((text, line) => {
    if (blocked.has(line) || text.trim().startsWith('#')) return [];
    return MUTATIONS.flatMap(([pattern, replace]) =>
      [...text.matchAll(pattern)].map((m) => ({
        line,
        at: m.index,
        from: m[0],
        to: replace(m[0]),
      })),
    );
  });
}

/**
 * Two operators, constants or bounds changed (one alone is often equivalent on the tests, as
 * `<` for `<=` on distinct values); a body with none loses its last line instead.
 */
function wrongAnswer(canon: Canon, rng: Rng): string[] {
  const lines = bodyLines(canon);
  const sites = mutationSites(lines);
  if (sites.length === 0) return lines.slice(0, -1).concat('    pass');
  const [one, ...rest] = shuffle([...sites], rng);
  const apart = rest.find(
    (s) =>
      s.line !== one!.line || s.at >= one!.at + one!.from.length || s.at + s.from.length <= one!.at,
  );
  const chosen = apart ? [one!, apart] : [one!];
  // Right to left, so that a first rewrite does not move the second's column.
  chosen.sort((a, b) => b.line - a.line || b.at - a.at);
  for (const site of chosen) {
    const text = lines[site.line]!;
    lines[site.line] = text.slice(0, site.at) + site.to + text.slice(site.at + site.from.length);
  }
  return lines;
}

/** A line put before the body's first statement (at its indentation). */
function prepend(canon: Canon, added: string[]): string[] {
  const lines = bodyLines(canon);
  const at = firstCodeLine(lines);
  const indent = indentOf(lines[at]!) || '    ';
  lines.splice(at, 0, ...added.map((line) => `${indent}${line}`));
  return lines;
}

const first = (canon: Canon) => canon.names[0] ?? 'None';

/** Statements that raise the named exception whatever the first argument is. */
const RAISERS: Record<
  'name-error' | 'type-error' | 'index-error' | 'zero-division',
  ((p: string) => string[])[]
> = {
  'name-error': [
    (p) => [`values = parse_input(${p})`],
    (p) => [`if is_valid(${p}):`, `    ${p} = ${p}`],
  ],
  'type-error': [(p) => [`size = len(${p}) + "1"`], (p) => [`total = sum(${p}) + ""`]],
  'index-error': [
    (p) => [`first = sorted(str(${p}))[len(str(${p}))]`],
    () => ['stack = []', 'top = stack[-1]'],
  ],
  'zero-division': [
    (p) => [`count = len(str(${p})) - len(str(${p}))`, 'average = 1 / count'],
    (p) => [`ratio = len(str(${p})) % 0`],
  ],
};

function raising(kind: keyof typeof RAISERS, canon: Canon, rng: Rng): string[] {
  return prepend(canon, rng.pick(RAISERS[kind])(first(canon)));
}

/** The function calls itself with the same arguments before any base case. */
const recursion = (canon: Canon) =>
  prepend(canon, [`return ${canon.entryPoint}(${canon.names.join(', ')})`]);

/** A compound statement's colon dropped, else a bracket never closed. */
function syntaxError(canon: Canon, rng: Rng): string[] {
  const lines = bodyLines(canon);
  const compound = lines.findIndex((line) =>
    /^\s*(if|for|elif|else|def|while|try|except)\b.*:\s*$/.test(line),
  );
  if (compound >= 0 && rng.chance(0.7)) {
    lines[compound] = lines[compound]!.replace(/:\s*$/, '');
    return lines;
  }
  return prepend(canon, [`result = (${first(canon)}`]);
}

/** The last `return X` rewritten by `rewrite`, or the body cut short when there is none. */
function atLastReturn(canon: Canon, rewrite: (indent: string, expr: string) => string): string[] {
  const lines = bodyLines(canon);
  const found = lastReturn(lines);
  if (!found) return lines.slice(0, -1).concat('    pass');
  lines[found.index] = rewrite(found.indent, found.expr);
  return lines;
}

const wrongType = (canon: Canon, rng: Rng) =>
  atLastReturn(canon, (indent, expr) =>
    rng.chance(0.5) ? `${indent}return [${expr}]` : `${indent}return (${expr},)`,
  );

/** Prints instead of returning; inside a `while` it also breaks, or the loop would never end. */
function printing(canon: Canon): string[] {
  const blocked = insideWhile(bodyLines(canon));
  const at = lastReturn(bodyLines(canon))?.index ?? -1;
  return atLastReturn(canon, (indent, expr) =>
    blocked.has(at) ? `${indent}print(${expr})\n${indent}break` : `${indent}print(${expr})`,
  );
}

const LOOPS = [
  ['while True:', '    pass'],
  ['i = 0', 'while i >= 0:', '    i += 1'],
  ['while True:', '    continue'],
];

function infiniteLoop(canon: Canon, rng: Rng): string[] {
  return prepend(canon, rng.pick(LOOPS));
}

/** A failing sample of the given kind, as body lines (completion text), with comments half the time. */
export function failingVariant(kind: FailureKind, canon: Canon, rng: Rng): string[] {
  const lines = failingLines(kind, canon, rng);
  return rng.chance(0.5) ? withComments(lines, rng) : lines;
}

function failingLines(kind: FailureKind, canon: Canon, rng: Rng): string[] {
  switch (kind) {
    case 'wrong-answer':
      return wrongAnswer(canon, rng);
    case 'name-error':
    case 'type-error':
    case 'index-error':
    case 'zero-division':
      return raising(kind, canon, rng);
    case 'recursion':
      return recursion(canon);
    case 'syntax-error':
      return syntaxError(canon, rng);
    case 'wrong-type':
      return wrongType(canon, rng);
    case 'printing':
      return printing(canon);
    case 'infinite-loop':
      return infiniteLoop(canon, rng);
  }
}
