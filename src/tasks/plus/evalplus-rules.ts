import { hashKey, isFloat, kindOf, type PyValue, pyEq, setEq, Unhashable } from './pyvalue.js';

/**
 * EvalPlus's per-output verdict, rewritten from its evaluator (evalplus/evalplus,
 * evalplus/eval/__init__.py `check_output`, L57–106 of the v0.3.x file; the special-oracle
 * lists and helpers are in evalplus/eval/_special_oracle.py). Runs in passk's process over
 * decoded values (pyvalue.ts).
 */

/** `MBPP_OUTPUT_SET_EQ_TASKS` (_special_oracle.py): outputs compared as `set(out) == set(exp)`. */
export const MBPP_SET_EQ_ENTRY_POINTS: ReadonlySet<string> = new Set([
  'similar_elements', // Mbpp/2
  'find_char_long', // Mbpp/7
  'common_in_nested_lists', // Mbpp/111
  'extract_singly', // Mbpp/140
  'larg_nnum', // Mbpp/232
  'intersection_array', // Mbpp/249 (not in v0.2.0)
  'find_dissimilar', // Mbpp/579
  'Diff', // Mbpp/769
]);

/**
 * `MBPP_OUTPUT_NOT_NONE_TASKS` (_special_oracle.py): only "returned something" counts. The
 * expected output is `gt_out is not None` (evaluate.py get_groundtruth → gen/util trusted_exec
 * `output_not_none`), see the oracle script.
 */
export const MBPP_NOT_NONE_ENTRY_POINTS: ReadonlySet<string> = new Set([
  'check_str', // Mbpp/737
  'text_match_three', // Mbpp/787
  'text_starta_endb', // Mbpp/794
]);

export type EvalPlusDataset = 'humaneval' | 'mbpp';

export interface CheckInput {
  dataset: EvalPlusDataset;
  entryPoint: string;
  /** The arguments of this input (decoded). */
  args: PyValue[];
  out: PyValue;
  exp: PyValue;
  /** The problem's `atol` from the dataset (0 when none). */
  atol: number;
}

/**
 * Whether `out` is accepted for this input. Any exception EvalPlus's code would raise here (e.g.
 * `set()` of an int, `math.pow` of a string) is a failed input there, so it is `false` here.
 */
export function checkOutput(input: CheckInput): boolean {
  try {
    return check(input);
  } catch {
    return false;
  }
}

function check({ dataset, entryPoint, args, out, exp, atol: given }: CheckInput): boolean {
  let exact = pyEq(out, exp); // L58
  if (dataset === 'mbpp') {
    // L62–85, in EvalPlus's order (an entry point matches at most one branch).
    if (entryPoint === 'are_equivalent')
      exact = true; // Mbpp/164
    else if (entryPoint === 'sum_div')
      exact = exact || pyEq(out, 0n); // Mbpp/295
    else if (entryPoint === 'surface_Area')
      exact = exact || Math.abs(real(out) - surfaceArea(args)) <= given; // Mbpp/581
    else if (entryPoint === 'digit_distance_nums')
      exact = exact || pyEq(out, digitDistance(args)); // Mbpp/558
    else if (MBPP_SET_EQ_ENTRY_POINTS.has(entryPoint)) exact = setEq(setOf(out), setOf(exp));
    else if (MBPP_NOT_NONE_ENTRY_POINTS.has(entryPoint)) {
      exact = typeof out === 'boolean' ? pyEq(out, exp) : pyEq(exp, out !== null);
    }
  }
  if (dataset === 'humaneval' && entryPoint === 'find_zero') {
    return Math.abs(poly(args[0], out)) <= given; // L87–89: any root within atol
  }
  // L94–95: floats (or lists/tuples of floats) always get some tolerance.
  const atol = atolAfter({ dataset, entryPoint, exp, atol: given });
  if (!exact && atol !== 0) {
    // L96–104: same type, same length, then np.allclose(out, exp, rtol=1e-07, atol=atol).
    if (kindOf(out) !== kindOf(exp)) return false;
    if (Array.isArray(exp) || isTuple(exp)) {
      if (itemsOf(out).length !== itemsOf(exp).length) return false;
    }
    return allclose(out, exp, 1e-7, atol);
  }
  return exact;
}

/**
 * The tolerance EvalPlus's loop holds for the next input of the suite after accepting this one:
 * its float rule (`if atol == 0 and is_floats(exp): atol = 1e-6`, L94–95) assigns the loop's own
 * `atol`, so once an expected output is a float every later input of the suite (base and plus are
 * separate runs) is compared with that tolerance too. find_zero returns before the rule.
 */
export function atolAfter(input: Omit<CheckInput, 'args' | 'out'>): number {
  if (input.dataset === 'humaneval' && input.entryPoint === 'find_zero') return input.atol;
  return input.atol === 0 && isFloats(input.exp) ? 1e-6 : input.atol;
}

function isTuple(v: PyValue): v is { kind: 'tuple'; items: PyValue[] } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'tuple';
}

function itemsOf(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (isTuple(v)) return v.items;
  throw new TypeError('not a sequence');
}

/** `is_floats` (L46–54): a float, or a non-empty list/tuple of floats only. */
export function isFloats(v: PyValue): boolean {
  if (isFloat(v)) return true;
  if (Array.isArray(v) || isTuple(v)) {
    const items = itemsOf(v);
    return items.length > 0 && items.every(isFloat);
  }
  return false;
}

/** The elements `set(v)` would hold; throws where Python's `set()` raises. */
export function setOf(v: PyValue): PyValue[] {
  if (typeof v === 'string') return Array.from(v);
  if (Array.isArray(v)) return checkedHashable(v);
  if (typeof v !== 'object' || v === null) throw new TypeError(`'${kindOf(v)}' is not iterable`);
  switch (v.kind) {
    case 'tuple':
    case 'set':
      return checkedHashable(v.items);
    case 'dict':
      return v.pairs.map(([k]) => k);
    case 'bytes':
      return (v.hex.match(/../g) ?? []).map((byte) => BigInt(Number.parseInt(byte, 16)));
    case 'str32':
      return v.cps.map((cp) => ({ kind: 'str32', cps: [cp] }) as PyValue);
    default:
      throw new TypeError(`'${kindOf(v)}' is not iterable`);
  }
}

function checkedHashable(items: PyValue[]): PyValue[] {
  for (const item of items) hashKey(item); // throws Unhashable, as set() raises TypeError
  return items;
}

/** A real number's value (bool, int, float), as Python arithmetic would use it. */
function real(v: PyValue): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (isFloat(v)) return v.v;
  throw new TypeError(`'${kindOf(v)}' is not a real number`);
}

/** `np.allclose(out, exp, rtol, atol)`: numbers or equally shaped nested lists/tuples of them. */
export function allclose(out: PyValue, exp: PyValue, rtol: number, atol: number): boolean {
  const a = toArray(out);
  const b = toArray(exp);
  return closeAll(a, b, rtol, atol);
}

type Arr = number | { re: number; im: number } | Arr[];

function toArray(v: PyValue): Arr {
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'complex')
    return { re: v.re, im: v.im };
  if (Array.isArray(v) || isTuple(v)) return itemsOf(v).map(toArray);
  return real(v); // strings, None, dicts…: numpy cannot subtract them (TypeError)
}

function closeAll(a: Arr, b: Arr, rtol: number, atol: number): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    // numpy broadcasts a scalar; other shape mismatches raise (ragged) or broadcast rarely.
    if (!Array.isArray(a)) return (b as Arr[]).every((y) => closeAll(a, y, rtol, atol));
    if (!Array.isArray(b)) return a.every((x) => closeAll(x, b, rtol, atol));
    if (a.length !== b.length) throw new TypeError('shapes differ');
    return a.every((x, i) => closeAll(x, b[i]!, rtol, atol));
  }
  return isclose(a, b, rtol, atol);
}

/** `np.isclose`: |a − b| ≤ atol + rtol·|b|; infinities only equal themselves; NaN never. */
function isclose(
  a: number | { re: number; im: number },
  b: number | { re: number; im: number },
  rtol: number,
  atol: number,
): boolean {
  const [ar, ai] = typeof a === 'number' ? [a, 0] : [a.re, a.im];
  const [br, bi] = typeof b === 'number' ? [b, 0] : [b.re, b.im];
  const finite = [ar, ai, br, bi].every(Number.isFinite);
  if (!finite) return ar === br && ai === bi; // NaN !== NaN
  return Math.hypot(ar - br, ai - bi) <= atol + rtol * Math.hypot(br, bi);
}

/** `_surface_Area` (_special_oracle.py, Mbpp/581). */
function surfaceArea(args: PyValue[]): number {
  const [base, height] = [real(args[0]!), real(args[1]!)];
  const slant = Math.sqrt((base / 2) ** 2 + height ** 2);
  return roundHalfEven(base ** 2 + (4 * (base * slant)) / 2);
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** `_digit_distance_nums` (_special_oracle.py, Mbpp/558): zero-padded digit-wise distance. */
function digitDistance(args: PyValue[]): PyValue {
  const [a, b] = args.map((v) => {
    if (typeof v !== 'bigint' && typeof v !== 'boolean') throw new TypeError('not an int');
    return String(typeof v === 'boolean' ? Number(v) : v);
  });
  const width = Math.max(a!.length, b!.length);
  const [pa, pb] = [zfill(a!, width), zfill(b!, width)];
  let total = 0n;
  for (let i = 0; i < width; i++) {
    const [x, y] = [pa[i]!, pb[i]!];
    if (!/\d/.test(x) || !/\d/.test(y)) throw new TypeError("int('-') raises ValueError");
    total += BigInt(Math.abs(Number(x) - Number(y)));
  }
  return total;
}

/** Python's str.zfill: zeros after a leading sign. */
function zfill(text: string, width: number): string {
  if (text.length >= width) return text;
  const sign = text[0] === '-' || text[0] === '+' ? text[0] : '';
  return sign + '0'.repeat(width - text.length) + text.slice(sign.length);
}

/**
 * `_poly(xs, x)` (_special_oracle.py, HumanEval/32): sum(coeff * math.pow(x, i)), summed left
 * to right in doubles as CPython 3.11's `sum` does. The terms can cancel to 1e-20 of their size,
 * so each power must be the one C's `pow` gives (correctly rounded), not V8's `**`, which is
 * off by an ulp often enough to turn 0.0 into 1e20.
 */
function poly(xs: PyValue | undefined, x: PyValue): number {
  if (xs === undefined) throw new TypeError('no coefficients');
  const point = real(x);
  return itemsOf(xs).reduce<number>((sum, coeff, i) => sum + real(coeff) * exactPow(point, i), 0);
}

/** x**n for a natural n, correctly rounded: the exact power as a BigInt, rounded once. */
export function exactPow(x: number, n: number): number {
  if (n === 0) return 1;
  if (!Number.isFinite(x) || x === 0 || n > 4096) return x ** n;
  const { mantissa, exponent } = decompose(Math.abs(x));
  const exact = mantissa ** BigInt(n);
  const sign = x < 0 && n % 2 === 1 ? -1 : 1;
  return sign * scaleToDouble(exact, exponent * n);
}

/** |x| = mantissa × 2^exponent with an integer mantissa. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}

/** The double nearest to value × 2^exponent (ties to even; one rounding). */
function scaleToDouble(value: bigint, exponent: number): number {
  const length = value.toString(2).length;
  let shifted = value;
  let scale = exponent;
  if (length > 64) {
    // Keep 64 bits and fold everything below into a sticky bit: rounding to 53 bits then
    // sees the same "above, below or exactly half" as the exact value does.
    const drop = BigInt(length - 64);
    const sticky = (value & ((1n << drop) - 1n)) === 0n ? 0n : 1n;
    shifted = (value >> drop) | sticky;
    scale += length - 64;
  }
  let result = Number(shifted); // correctly rounded
  while (scale > 0) {
    const step = Math.min(scale, 1000);
    result *= 2 ** step;
    scale -= step;
  }
  while (scale < 0) {
    const step = Math.max(scale, -1000);
    result *= 2 ** step;
    scale -= step;
  }
  return result;
}

export { Unhashable };
