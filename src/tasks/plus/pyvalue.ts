/**
 * Python values as the parent sees them (decoded from python-encode.ts's JSON), and Python's
 * `==` over them. The comparison runs here, in passk's own process, so nothing a candidate runs
 * can take part in it: a class whose `__eq__` always says True arrives as an opaque value, equal
 * to nothing.
 */
export type PyValue =
  | null
  | boolean
  | string
  | bigint
  | PyValue[]
  | { kind: 'float'; v: number }
  | { kind: 'complex'; re: number; im: number }
  | { kind: 'str32'; cps: number[] }
  | { kind: 'bytes'; hex: string }
  | { kind: 'tuple'; items: PyValue[] }
  | { kind: 'set'; items: PyValue[] }
  | { kind: 'dict'; flavor: 'dict' | 'Counter' | 'OrderedDict'; pairs: [PyValue, PyValue][] }
  | { kind: 'opaque'; type: string };

export class PyDecodeError extends Error {}

const MAX_DEPTH = 120;

/** The value an encoding stands for; PyDecodeError for anything python-encode.ts cannot write. */
export function decodePy(json: unknown, depth = 0): PyValue {
  if (depth > MAX_DEPTH) throw new PyDecodeError('nested too deeply');
  if (json === null || typeof json === 'boolean' || typeof json === 'string') return json;
  if (typeof json === 'number') {
    if (!Number.isSafeInteger(json)) throw new PyDecodeError(`not an int: ${json}`);
    return BigInt(json);
  }
  if (Array.isArray(json)) return json.map((item) => decodePy(item, depth + 1));
  if (typeof json !== 'object') throw new PyDecodeError(`unexpected ${typeof json}`);
  const entries = Object.entries(json as Record<string, unknown>);
  if (entries.length !== 1) throw new PyDecodeError('a tagged value has exactly one key');
  const [tag, body] = entries[0]!;
  return decodeTagged(tag, body, depth);
}

function decodeTagged(tag: string, body: unknown, depth: number): PyValue {
  const items = () => {
    if (!Array.isArray(body)) throw new PyDecodeError(`'${tag}' needs a list`);
    return body.map((item) => decodePy(item, depth + 1));
  };
  switch (tag) {
    case 'i':
      if (typeof body !== 'string' || !/^-?[0-9a-f]+$/.test(body))
        throw new PyDecodeError('bad int');
      return body.startsWith('-') ? -BigInt(`0x${body.slice(1)}`) : BigInt(`0x${body}`);
    case 'f':
      return { kind: 'float', v: floatOf(body) };
    case 'c': {
      if (!Array.isArray(body) || body.length !== 2) throw new PyDecodeError('bad complex');
      const [re, im] = body.map((part) => decodePy(part, depth + 1));
      if (re === undefined || im === undefined || !isFloat(re) || !isFloat(im))
        throw new PyDecodeError('bad complex');
      return { kind: 'complex', re: re.v, im: im.v };
    }
    case 'u':
      if (
        !Array.isArray(body) ||
        !body.every((cp) => Number.isInteger(cp) && cp >= 0 && cp <= 0x10ffff)
      )
        throw new PyDecodeError('bad code points');
      return { kind: 'str32', cps: body as number[] };
    case 'b':
      if (typeof body !== 'string' || !/^([0-9a-f]{2})*$/.test(body))
        throw new PyDecodeError('bad bytes');
      return { kind: 'bytes', hex: body };
    case 't':
      return { kind: 'tuple', items: items() };
    case 's':
      return { kind: 'set', items: items() };
    case 'd':
    case 'C':
    case 'O':
      return { kind: 'dict', flavor: FLAVORS[tag], pairs: pairsOf(items()) };
    case 'o':
      return { kind: 'opaque', type: String(body).slice(0, 60) };
    default:
      throw new PyDecodeError(`unknown tag '${tag}'`);
  }
}

const FLAVORS = { d: 'dict', C: 'Counter', O: 'OrderedDict' } as const;

function floatOf(body: unknown): number {
  if (typeof body === 'number') return body;
  if (body === 'nan') return Number.NaN;
  if (body === 'inf') return Number.POSITIVE_INFINITY;
  if (body === '-inf') return Number.NEGATIVE_INFINITY;
  throw new PyDecodeError('bad float');
}

function pairsOf(items: PyValue[]): [PyValue, PyValue][] {
  return items.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new PyDecodeError('bad dict entry');
    return [pair[0]!, pair[1]!];
  });
}

export function isFloat(v: PyValue): v is { kind: 'float'; v: number } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'float';
}

export function kindOf(v: PyValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'bigint') return 'int';
  if (Array.isArray(v)) return 'list';
  if (v.kind === 'str32') return 'str';
  if (v.kind === 'dict') return v.flavor;
  if (v.kind === 'opaque') return v.type;
  return v.kind;
}

/** A number as Python's numeric tower sees it (bool and int are exact, float and complex not). */
type Num = { exact: bigint } | { re: number; im: number };

function numOf(v: PyValue): Num | undefined {
  if (typeof v === 'boolean') return { exact: v ? 1n : 0n };
  if (typeof v === 'bigint') return { exact: v };
  if (isFloat(v)) return { re: v.v, im: 0 };
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'complex')
    return { re: v.re, im: v.im };
  return undefined;
}

/** `int == float` in Python is exact: 2**53 + 1 != 2.0**53. */
function exactEqualsFloat(exact: bigint, f: number): boolean {
  return Number.isInteger(f) && BigInt(f) === exact;
}

function numEq(a: Num, b: Num): boolean {
  if ('exact' in a && 'exact' in b) return a.exact === b.exact;
  if ('exact' in a) return 're' in b && b.im === 0 && exactEqualsFloat(a.exact, b.re);
  if ('exact' in b) return a.im === 0 && exactEqualsFloat(b.exact, a.re);
  return a.re === b.re && a.im === b.im;
}

function codePoints(v: PyValue): number[] | undefined {
  if (typeof v === 'string') return Array.from(v, (ch) => ch.codePointAt(0)!);
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'str32') return v.cps;
  return undefined;
}

/** Python's `a == b` for values built from builtins (no identity: outputs come from another process). */
export function pyEq(a: PyValue, b: PyValue): boolean {
  const na = numOf(a);
  const nb = numOf(b);
  if (na || nb) return na !== undefined && nb !== undefined && numEq(na, nb);
  if (a === null || b === null) return a === b;
  const sa = codePoints(a);
  const sb = codePoints(b);
  if (sa || sb) return sa !== undefined && sb !== undefined && sameList(sa, sb, (x, y) => x === y);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && sameList(a, b, pyEq);
  }
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (a.kind === 'opaque' || b.kind === 'opaque') return false;
  if (a.kind === 'bytes' || b.kind === 'bytes')
    return a.kind === 'bytes' && b.kind === 'bytes' && a.hex === b.hex;
  if (a.kind === 'tuple' || b.kind === 'tuple')
    return a.kind === 'tuple' && b.kind === 'tuple' && sameList(a.items, b.items, pyEq);
  if (a.kind === 'set' || b.kind === 'set')
    return a.kind === 'set' && b.kind === 'set' && setEq(a.items, b.items);
  if (a.kind === 'dict' && b.kind === 'dict') return dictEq(a, b);
  return false;
}

function sameList<T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => eq(x, b[i]!));
}

/** Set equality through hash keys: equal keys ⇔ equal values (see hashKey). */
export function setEq(a: readonly PyValue[], b: readonly PyValue[]): boolean {
  const left = new Set(a.map(hashKey));
  const right = new Set(b.map(hashKey));
  return left.size === right.size && [...left].every((key) => right.has(key));
}

type Dict = Extract<PyValue, { kind: 'dict' }>;

function dictEq(a: Dict, b: Dict): boolean {
  const ma = new Map(a.pairs.map(([k, v]) => [hashKey(k), v]));
  const mb = new Map(b.pairs.map(([k, v]) => [hashKey(k), v]));
  if (a.flavor === 'Counter' && b.flavor === 'Counter') {
    // Python 3.10+: a missing element counts as zero.
    const zero = 0n as PyValue;
    const keys = new Set([...ma.keys(), ...mb.keys()]);
    return [...keys].every((k) => pyEq(ma.get(k) ?? zero, mb.get(k) ?? zero));
  }
  if (ma.size !== mb.size) return false;
  for (const [k, v] of ma) {
    if (!mb.has(k) || !pyEq(v, mb.get(k)!)) return false;
  }
  if (a.flavor === 'OrderedDict' && b.flavor === 'OrderedDict') {
    return sameList([...ma.keys()], [...mb.keys()], (x, y) => x === y);
  }
  return true;
}

export class Unhashable extends Error {}

let uniqueKeys = 0;

/**
 * A string that two hashable values share exactly when Python finds them equal: 1, 1.0, True
 * and (1+0j) share 'n:1'; NaN and opaque values get a key of their own (never equal).
 * Throws Unhashable for lists, dicts and other unhashable values, as `set()` would.
 */
export function hashKey(v: PyValue): string {
  const n = numOf(v);
  if (n) return numKey(n);
  if (v === null) return 'N';
  const cps = codePoints(v);
  if (cps) return `s:${cps.join(',')}`;
  if (Array.isArray(v) || typeof v !== 'object') throw new Unhashable('list');
  switch (v.kind) {
    case 'bytes':
      return `b:${v.hex}`;
    case 'tuple':
      return `t:[${v.items.map(hashKey).join('|')}]`;
    case 'set':
      return `z:[${[...new Set(v.items.map(hashKey))].sort().join('|')}]`;
    case 'opaque':
      return `o:${uniqueKeys++}`;
    default:
      throw new Unhashable(v.kind);
  }
}

function numKey(n: Num): string {
  if ('exact' in n) return `n:${n.exact}`;
  if (Number.isNaN(n.re) || Number.isNaN(n.im)) return `nan:${uniqueKeys++}`;
  if (n.im !== 0) return `c:${n.re},${n.im}`;
  if (Number.isInteger(n.re)) return `n:${BigInt(n.re)}`;
  return `f:${n.re}`;
}

/** A short Python-like rendering for failure messages. */
export function showPy(v: PyValue, limit = 80): string {
  const text = render(v, 0);
  return text.length <= limit ? text : `${text.slice(0, limit - 3)}...`;
}

function render(v: PyValue, depth: number): string {
  if (depth > 6) return '...';
  const inner = (items: PyValue[]) => items.slice(0, 20).map((x) => render(x, depth + 1));
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'string') return JSON.stringify(v.slice(0, 100));
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${inner(v).join(', ')}]`;
  switch (v.kind) {
    case 'float':
      return Number.isNaN(v.v)
        ? 'nan'
        : Number.isFinite(v.v)
          ? String(v.v)
          : v.v > 0
            ? 'inf'
            : '-inf';
    case 'complex':
      return `(${v.re}${v.im < 0 ? '-' : '+'}${Math.abs(v.im)}j)`;
    case 'str32':
      return `<str of ${v.cps.length} code points>`;
    case 'bytes':
      return `bytes.fromhex('${v.hex.slice(0, 40)}')`;
    case 'tuple':
      return `(${inner(v.items).join(', ')}${v.items.length === 1 ? ',' : ''})`;
    case 'set':
      return `{${inner(v.items).join(', ')}}`;
    case 'dict':
      return `{${v.pairs
        .slice(0, 20)
        .map(([k, x]) => `${render(k, depth + 1)}: ${render(x, depth + 1)}`)
        .join(', ')}}`;
    case 'opaque':
      return `<${v.type} object>`;
  }
}
