import { type Comparison, clip, compareOutputs, type Tolerance } from './compare.js';

/**
 * How a test's output is compared with the expected one:
 *  - 'livecodebench': LiveCodeBench's grade_stdio (lcb_runner/evaluation/testing_util.py): the
 *    outputs stripped, cut into lines at "\n", each line stripped; as many lines; each line equal,
 *    or its whitespace-separated tokens all Python `Decimal`s equal as numbers (exactly: no
 *    tolerance; `+5`, `00012`, `-0`, `1e3`, `1_000` are numbers).
 *  - 'codecontests': CodeContests' OutputsMatch (execution/tester_sandboxer.cc): tokens split at
 *    " \n\t\r\v", lower-cased; equal lists, or as many tokens each equal as text or, both numbers,
 *    within 1e-5 absolute as doubles (so big integers that round to one double match).
 *  - 'tokens': passk's lenient comparison (compare.ts): tokens, numbers within 1e-6 absolute or
 *    relative, integers exact, case kept.
 */
export type OutputComparison = 'livecodebench' | 'codecontests' | 'tokens';

export const OUTPUT_COMPARISONS: readonly OutputComparison[] = [
  'livecodebench',
  'codecontests',
  'tokens',
];

/** One line for metrics.json: what `comparison` does. */
export const COMPARISON_TEXT: Readonly<Record<OutputComparison, string>> = {
  livecodebench:
    "LiveCodeBench's: line by line (each stripped, as many lines), a line equal as text or as exact Decimal numbers",
  codecontests:
    "CodeContests': tokens lower-cased, equal as text or, both numbers, within 1e-5 absolute",
  tokens: 'token-wise; numbers within 1e-6 absolute or relative, integers exact',
};

/** Compares `got` with `expected` by `comparison`. */
export function compareAs(
  comparison: OutputComparison,
  expected: string,
  got: string,
  tolerance: Tolerance,
): Comparison {
  if (comparison === 'livecodebench') return compareLiveCodeBench(expected, got);
  if (comparison === 'codecontests') return compareCodeContests(expected, got);
  return compareOutputs(expected, got, tolerance);
}

/** Python's str.isspace characters: what str.strip() and str.split() cut at. */
const PY_SPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');
const PY_SPLIT = new RegExp(`[${PY_SPACE}]+`);

const pyStrip = (text: string) => text.replace(PY_STRIP, '');
const pySplit = (text: string) =>
  pyStrip(text)
    .split(PY_SPLIT)
    .filter((t) => t !== '');

function compareLiveCodeBench(expected: string, got: string): Comparison {
  const want = pyStrip(expected).split('\n').map(pyStrip);
  const have = pyStrip(got).split('\n').map(pyStrip);
  if (want.length !== have.length) {
    return { ok: false, reason: `expected ${want.length} lines, got ${have.length}` };
  }
  for (const [i, line] of want.entries()) {
    const mine = have[i]!;
    if (line === mine || decimalsEqual(pySplit(line), pySplit(mine))) continue;
    return { ok: false, reason: `line ${i + 1}: expected ${clip(line)}, got ${clip(mine)}` };
  }
  return { ok: true };
}

function decimalsEqual(want: string[], have: string[]): boolean {
  const a = want.map(decimal);
  const b = have.map(decimal);
  if (a.includes(undefined) || b.includes(undefined) || a.length !== b.length) return false;
  return a.every((value, i) => value !== 'nan' && value === b[i]);
}

/** Python's Decimal literal (case-insensitive, `_` between digits); sNaN and NaN never equal. */
const DECIMAL =
  /^([+-]?)(?:(\d(?:_?\d)*)?(?:\.(\d(?:_?\d)*)?)?(?:e([+-]?\d(?:_?\d)*))?|(inf|infinity)|(s?nan\d*))$/i;

/**
 * A Decimal's value as a canonical string ('nan' for NaNs), so two are equal as numbers when
 * their strings are; undefined when Python's Decimal() refuses the text.
 */
function decimal(text: string): string | undefined {
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const [, sign, whole, fraction, exponent, infinity, nan] = match;
  if (nan !== undefined) return 'nan';
  if (infinity !== undefined) return `${sign === '-' ? '-' : ''}inf`;
  if (whole === undefined && fraction === undefined) return undefined;
  const intPart = (whole ?? '').replaceAll('_', '');
  const fracPart = (fraction ?? '').replaceAll('_', '');
  const digits = `${intPart}${fracPart}`.replace(/^0+/, '');
  if (digits === '') return '0'; // -0 == 0
  const trimmed = digits.replace(/0+$/, '');
  // value = digits × 10^(exponent − fraction length); the point moves past the trailing zeros
  const scale =
    BigInt((exponent ?? '0').replaceAll('_', '')) -
    BigInt(fracPart.length) +
    BigInt(digits.length - trimmed.length);
  return `${sign === '-' ? '-' : ''}${trimmed}e${scale}`;
}

/** absl's ByAnyChar(" \n\t\r\v") with SkipEmpty: a form feed is not a separator there. */
const CC_SPLIT = /[ \n\t\r\v]+/;
const INT32 = /^[+-]?\d+$/;
/** What absl::SimpleAtod reads: a decimal or exponent number, inf/infinity, nan (any case). */
const DOUBLE = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|infinity|nan)$/;

function compareCodeContests(expected: string, got: string): Comparison {
  const want = ccTokens(expected);
  const have = ccTokens(got);
  if (want.length === have.length && want.every((t, i) => t === have[i])) return { ok: true };
  if (want.length !== have.length) {
    return { ok: false, reason: `expected ${want.length} tokens, got ${have.length}` };
  }
  // every pair is compared (transform_reduce), the first mismatch named
  for (const [i, token] of want.entries()) {
    if (!ccValuesMatch(have[i]!, token)) {
      return {
        ok: false,
        reason: `token ${i + 1}: expected ${clip(token)}, got ${clip(have[i]!)}`,
      };
    }
  }
  return { ok: true };
}

function ccTokens(text: string): string[] {
  return text
    .split(CC_SPLIT)
    .filter((t) => t !== '')
    .map((t) => t.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()));
}

function ccValuesMatch(a: string, b: string): boolean {
  const ad = ccNumber(a);
  const bd = ccNumber(b);
  if (ad === undefined || bd === undefined) return a === b;
  // Any number also reads as a double, so integers too compare as doubles within 1e-5.
  return Math.abs(ad - bd) < 1e-5;
}

/** The token as absl reads it (SimpleAtoi for int32, else SimpleAtod), or undefined: a string. */
function ccNumber(token: string): number | undefined {
  if (INT32.test(token)) {
    const value = Number(token);
    if (Number.isSafeInteger(value) && value >= -(2 ** 31) && value < 2 ** 31) return value;
  }
  if (!DOUBLE.test(token)) return undefined;
  const bare = token.replace(/^\+/, '');
  if (/^-?nan$/.test(bare)) return Number.NaN;
  if (/^-?inf(inity)?$/.test(bare)) return bare.startsWith('-') ? -Infinity : Infinity;
  return Number(bare);
}
