/**
 * Correct samples: the canonical solution, varied the way sampled models vary a right answer
 * (comments, blank lines, other local names, independent lines swapped, the work moved into a
 * helper function). Each rewrite keeps the meaning; the e2e test and the bench check they pass.
 */
import { firstCodeLine, hasWord, indentOf } from './python-text.js';
import type { Rng } from './random.js';

/** What a rewrite needs to know about one problem. */
export interface Canon {
  prompt: string;
  entryPoint: string;
  /** The signature's parameter text, annotations included. */
  params: string;
  names: string[];
  /** The canonical solution (the function's body). */
  body: string;
}

const COMMENTS = [
  'check the edge cases first',
  'iterate over the input',
  'build the result',
  'TODO: simplify',
  'handle the empty case',
  'compute the answer',
  'straightforward approach',
  'O(n) solution',
  'keep track of the state',
  'return the final value',
  'helper logic below',
  'note: input is assumed valid',
];

/** One to three full-line comments (never trailing: a `#` inside a string would change it). */
export function withComments(lines: string[], rng: Rng): string[] {
  const out = [...lines];
  for (let count = 1 + rng.int(3); count > 0; count--) {
    const at = firstCodeLine(out) + rng.int(Math.max(1, out.length - firstCodeLine(out)));
    const indent = indentOf(out[at] ?? '    ') || '    ';
    out.splice(at, 0, `${indent}# ${rng.pick(COMMENTS)}`);
  }
  return out;
}

/** A blank line somewhere inside the body. */
export function withBlankLine(lines: string[], rng: Rng): string[] {
  const out = [...lines];
  out.splice(1 + rng.int(Math.max(1, out.length - 1)), 0, '');
  return out;
}

const RENAMES = ['_val', '_list', '2', '_tmp', '_acc', 'X'];

/** Locals assigned at the start of a line that can be renamed by their words alone. */
function renameableLocals(canon: Canon, lines: readonly string[]): string[] {
  const assigned = lines.flatMap((line) => /^\s+([a-z_]\w*)\s*=[^=]/.exec(line)?.[1] ?? []);
  return [...new Set(assigned)].filter((name) => {
    if (canon.names.includes(name) || name === canon.entryPoint) return false;
    // Used as a keyword argument, an attribute or near a string: a rename could change meaning.
    const unsafe = new RegExp(`[.(,]\\s*${name}\\s*=[^=]|\\.${name}\\b|global|nonlocal`);
    const quoted = lines.some((line) => /["']/.test(line) && hasWord(line, name));
    return !unsafe.test(lines.join('\n')) && !quoted;
  });
}

/** One local renamed everywhere in the body (`result` → `result_val`). */
export function withRenamedLocal(canon: Canon, lines: string[], rng: Rng): string[] {
  const names = renameableLocals(canon, lines);
  if (names.length === 0) return lines;
  const name = rng.pick(names);
  const renamed = `${name}${rng.pick(RENAMES)}`;
  if (hasWord(`${canon.prompt}\n${lines.join('\n')}`, renamed)) return lines;
  const word = new RegExp(`(?<![\\w.])${name}(?!\\w)`, 'g');
  return lines.map((line) => line.replace(word, renamed));
}

const SIMPLE_ASSIGN =
  /^(\s+)([A-Za-z_]\w*)\s*=\s*(-?\d+(\.\d+)?|\[\]|\{\}|\(\)|''|""|True|False|None)\s*$/;

/** Two adjacent independent `name = literal` lines swapped, when the body has such a pair. */
export function withReorderedLines(lines: string[]): string[] {
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = SIMPLE_ASSIGN.exec(lines[i]!);
    const b = SIMPLE_ASSIGN.exec(lines[i + 1]!);
    if (a && b && a[1] === b[1] && a[2] !== b[2]) {
      const out = [...lines];
      [out[i], out[i + 1]] = [lines[i + 1]!, lines[i]!];
      return out;
    }
  }
  return lines;
}

const indented = (lines: readonly string[]) => lines.map((line) => (line ? `    ${line}` : line));

/** The body moved into a nested helper that the function returns the result of. */
export function withNestedHelper(canon: Canon, lines: string[]): string[] {
  const call = canon.names.join(', ');
  return [`    def _solve(${canon.params}):`, ...indented(lines), `    return _solve(${call})`];
}

/** The body moved into a module-level helper written after the function, as models often do. */
export function withModuleHelper(canon: Canon, lines: string[]): string[] {
  const helper = `_${canon.entryPoint}_impl`;
  return [
    `    return ${helper}(${canon.names.join(', ')})`,
    '',
    '',
    `def ${helper}(${canon.params}):`,
    ...lines,
  ];
}

/** A correct sample: some of the rewrites above, chosen by the generator. */
export function correctVariant(canon: Canon, rng: Rng): string[] {
  let lines = canon.body.replace(/\n+$/, '').split('\n');
  if (rng.chance(0.4)) lines = withRenamedLocal(canon, lines, rng);
  if (rng.chance(0.3)) lines = withReorderedLines(lines);
  if (rng.chance(0.5)) lines = withComments(lines, rng);
  if (rng.chance(0.2)) lines = withBlankLine(lines, rng);
  if (rng.chance(0.1)) lines = withNestedHelper(canon, lines);
  else if (rng.chance(0.08)) lines = withModuleHelper(canon, lines);
  return lines;
}
