/** Tolerances for numeric tokens: a token passes when |got − expected| ≤ abs or ≤ rel × |expected|. */
export interface Tolerance {
  absolute: number;
  relative: number;
}

export const DEFAULT_TOLERANCE: Tolerance = { absolute: 1e-6, relative: 1e-6 };

/** ASCII whitespace, as Python's bytes.split() cuts (the driver digests large outputs that way). */
const SPACE = /[ \t\n\r\v\f]+/;
const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The output's tokens: runs of non-whitespace (so trailing spaces and newlines never matter). */
export function tokens(text: string): string[] {
  return text.split(SPACE).filter((t) => t.length > 0);
}

/** Why two tokens differ, or undefined when they match (exactly, or as numbers within tolerance). */
function tokenMismatch(expected: string, got: string, tolerance: Tolerance): boolean {
  if (expected === got) return false;
  // Integers compare exactly: big ones would collapse to the same double.
  if (INTEGER.test(expected) && INTEGER.test(got)) return true;
  if (!NUMBER.test(expected) || !NUMBER.test(got)) return true;
  const e = Number(expected);
  const g = Number(got);
  if (!Number.isFinite(e) || !Number.isFinite(g)) return true;
  const diff = Math.abs(g - e);
  return !(diff <= tolerance.absolute || diff <= tolerance.relative * Math.abs(e));
}

export type Comparison = { ok: true } | { ok: false; reason: string };

/**
 * Compares a program's output with the expected one token by token: whitespace between and
 * around tokens is ignored, numbers that are not both integers match within `tolerance`, any
 * other token must be equal.
 */
export function compareOutputs(
  expected: string,
  got: string,
  tolerance: Tolerance = DEFAULT_TOLERANCE,
): Comparison {
  const want = tokens(expected);
  const have = tokens(got);
  const shared = Math.min(want.length, have.length);
  for (let i = 0; i < shared; i++) {
    if (tokenMismatch(want[i]!, have[i]!, tolerance)) {
      return {
        ok: false,
        reason: `token ${i + 1}: expected ${clip(want[i]!)}, got ${clip(have[i]!)}`,
      };
    }
  }
  if (want.length !== have.length) {
    return {
      ok: false,
      reason: `expected ${want.length} tokens, got ${have.length}`,
    };
  }
  return { ok: true };
}

/** A value shown in a one-line message: quoted, newlines escaped, at most `max` characters. */
export function clip(text: string, max = 40): string {
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return shown;
}
