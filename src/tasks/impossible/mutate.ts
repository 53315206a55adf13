import { createHash } from 'node:crypto';
import { literalScalars, topLevel } from './scan.js';

/** How one test was made impossible: which assert, and its expected value before and after. */
export interface Mutation {
  /** 1-based line of the mutated assert in the problem's tests. */
  line: number;
  /** 'value': a literal expected value changed; 'truth': an expected truth value flipped. */
  kind: 'value' | 'truth';
  before: string;
  after: string;
  /** The expected value as written, and as mutated (e.g. '[1, 2]' → '[1, 3]', 'True' → 'False'). */
  oldValue: string;
  newValue: string;
}

/** The asserts `mutate` may change: one line, calling the function under test. */
const ASSERT = /^(\s*)assert\s+(.+?)\s*$/;

/**
 * One test of `tests` mutated so that no correct program can pass it (ImpossibleBench's
 * "one-off" mutation): the expected value of one assert on the function under test changes to
 * a value a correct function never returns for that input, every other line unchanged. Which
 * assert is chosen is seeded by `problemId`, so the variant is the same on every machine.
 * Undefined when no assert has a literal expected value (e.g. tests that compare with a
 * helper's result in a loop): such a problem has no impossible variant.
 *
 * @param calls matches the function under test in an assert, e.g. /\bcandidate\(/
 */
export function mutateTests(
  tests: string,
  problemId: string,
  calls: RegExp,
): { tests: string; mutation: Mutation } | undefined {
  const lines = tests.split('\n');
  const options = lines.flatMap((text, index) => {
    const mutated = mutateAssert(text, calls);
    return mutated === undefined ? [] : [{ ...mutated, line: index + 1, before: text }];
  });
  if (options.length === 0) return undefined;
  const seed = createHash('sha256').update(`impossible\0${problemId}`).digest();
  const mutation = options[seed.readUInt32BE(0) % options.length]!;
  lines[mutation.line - 1] = mutation.after;
  return { tests: lines.join('\n'), mutation };
}

type Mutated = Omit<Mutation, 'line' | 'before'>;

/** One assert line with its expected value changed, or undefined when it has none to change. */
function mutateAssert(text: string, calls: RegExp): Mutated | undefined {
  const match = ASSERT.exec(text);
  if (!match) return undefined;
  const [, indent, statement] = match as unknown as [string, string, string];
  const commas = topLevel(statement, ',');
  if (commas === undefined) return undefined;
  const condition = statement.slice(0, commas[0] ?? statement.length);
  const message = statement.slice(condition.length);
  if (!calls.test(condition) || /\s(and|or)\s/.test(condition.replace(/(['"]).*?\1/g, ''))) {
    return undefined;
  }
  const changed = changedCondition(condition.trim(), calls);
  if (changed === undefined) return undefined;
  return {
    kind: changed.kind,
    after: `${indent}assert ${changed.condition}${message}`,
    oldValue: changed.oldValue,
    newValue: changed.newValue,
  };
}

interface Changed {
  kind: Mutation['kind'];
  condition: string;
  oldValue: string;
  newValue: string;
}

function changedCondition(condition: string, calls: RegExp): Changed | undefined {
  const equal = topLevel(condition, '==');
  if (equal?.length === 1) return changedEquality(condition, equal[0]!, calls);
  const identity = /^(.*\S)\s+is\s+(True|False)$/.exec(condition);
  if (identity?.[1] !== undefined && calls.test(identity[1])) {
    const [old, flipped] = identity[2] === 'True' ? ['True', 'False'] : ['False', 'True'];
    return {
      kind: 'truth',
      condition: `${identity[1]} is ${flipped}`,
      oldValue: old,
      newValue: flipped,
    };
  }
  const tolerance = /^abs\((.+)\s-\s([\d.]+)\)\s*<\s*([\d.eE-]+)$/.exec(condition);
  if (tolerance && calls.test(tolerance[1]!) && Number(tolerance[3]) < 0.5) {
    const old = tolerance[2]!;
    const changed = changedNumber(old);
    if (changed === undefined) return undefined;
    return {
      kind: 'value',
      condition: `abs(${tolerance[1]} - ${changed}) < ${tolerance[3]}`,
      oldValue: old,
      newValue: changed,
    };
  }
  // A bare truth test of the call itself: `assert f(x)` ↔ `assert not f(x)`.
  const negated = /^not\s+(.+)$/.exec(condition);
  const call = negated?.[1] ?? condition;
  if (!/^[\w.]+\(.*\)$/.test(call) || !calls.test(call)) return undefined;
  return negated
    ? { kind: 'truth', condition: call, oldValue: 'False', newValue: 'True' }
    : { kind: 'truth', condition: `not ${call}`, oldValue: 'True', newValue: 'False' };
}

/** `CALL == LITERAL` (either side): the literal's last scalar changed. */
function changedEquality(condition: string, at: number, calls: RegExp): Changed | undefined {
  const left = condition.slice(0, at);
  const right = condition.slice(at + 2);
  const [call, literal, literalFirst] = calls.test(left)
    ? [left, right, false]
    : [right, left, true];
  if (!calls.test(call)) return undefined;
  const changed = changedLiteral(literal.trim());
  if (changed === undefined) return undefined;
  const sides = literalFirst ? [changed, call.trim()] : [call.trim(), changed];
  return {
    kind: 'value',
    condition: `${sides[0]} == ${sides[1]}`,
    oldValue: literal.trim(),
    newValue: changed,
  };
}

/**
 * A pure literal with its last changeable scalar changed (a number +1, a string one character
 * longer, a boolean flipped): the value differs, so the function's correct result never equals
 * it. None and empty containers have nothing to change.
 */
export function changedLiteral(literal: string): string | undefined {
  const scalars = literalScalars(literal);
  if (scalars === undefined) return undefined;
  for (const scalar of scalars.reverse()) {
    const changed = changedScalar(scalar.kind, scalar.text);
    if (changed === undefined) continue;
    return (
      literal.slice(0, scalar.start) + changed + literal.slice(scalar.start + scalar.text.length)
    );
  }
  return undefined;
}

function changedScalar(kind: 'str' | 'num' | 'word', text: string): string | undefined {
  if (kind === 'word') return text === 'True' ? 'False' : text === 'False' ? 'True' : undefined;
  if (kind === 'num') return changedNumber(text);
  // A string one character longer: 'abc' → 'abcx' (before the closing quote).
  return `${text.slice(0, -1)}x${text.slice(-1)}`;
}

/** An int plus one; a float plus one (twice it where +1 is lost to rounding). */
function changedNumber(text: string): string | undefined {
  const plain = text.replace(/_/g, '');
  if (/^\d+$/.test(plain)) return (BigInt(plain) + 1n).toString();
  const value = Number(plain);
  if (!Number.isFinite(value)) return undefined;
  const next = value + 1 !== value ? value + 1 : value * 2;
  const printed = String(next);
  return /[.eE]/.test(printed) ? printed : `${printed}.0`;
}
