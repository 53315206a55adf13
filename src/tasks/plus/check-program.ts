import type { OracleAnswer } from './oracle-cache.js';
import { LITERAL_PY } from './python-literal.js';

/**
 * How one output is judged against the ground truth's:
 * - 'equal': `expected == out`; floats (also inside lists and tuples) within `atol` when the
 *   dataset gives one, else within 1e-9 relative / 1e-12 absolute (see PRELUDE);
 * - 'set': as 'equal' after `set(...)` on both (the problem accepts any order);
 * - `{ python }`: a Python boolean expression over `out`, `args` and `atol` that is true when
 *   the output is acceptable, for problems with several right answers (e.g. any root).
 *
 * Big expected outputs (a literal over 2 KiB, see the oracle script) are compared by digest
 * whatever the check: same value and same types, floats bit for bit, set and dict order ignored.
 */
export type OutputCheck = 'equal' | 'set' | { python: string };

/**
 * The float rule, stated once. `atol > 0` is the dataset's declared tolerance. `atol == 0`
 * means "none declared", not "bit-exact": a correct solution that sums in another order can
 * differ from the ground truth in the last bits, so floats are compared to 1e-9 relative and
 * 1e-12 absolute (far above rounding noise, far below any visible error). NaN matches NaN.
 */
const PRELUDE = `${LITERAL_PY}


def _passk_close(out, exp, atol):
    if type(exp) is float and isinstance(out, (int, float)) and not isinstance(out, bool):
        if _passk_math.isnan(exp) or _passk_math.isnan(out):
            return _passk_math.isnan(exp) and _passk_math.isnan(out)
        if _passk_math.isinf(exp) or _passk_math.isinf(out):
            return exp == out
        if atol > 0:
            return abs(out - exp) <= atol
        return _passk_math.isclose(out, exp, rel_tol=1e-9, abs_tol=1e-12)
    if type(exp) in (list, tuple) and type(out) is type(exp) and len(out) == len(exp):
        return all(_passk_close(o, e, atol) for o, e in zip(out, exp))
    return False


def _passk_equal(out, exp, atol):
    try:
        if bool(exp == out):
            return True
    except Exception:
        return False
    return _passk_close(out, exp, atol)


def _passk_show(value):
    try:
        text = repr(value)
    except Exception:
        text = "<unprintable %s>" % type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."
`;

function checkExpression(check: OutputCheck): string {
  if (check === 'equal') return '_passk_equal(out, exp, atol)';
  if (check === 'set') {
    return '_passk_equal(set(out), set(exp), atol) if isinstance(out, (list, tuple, set, frozenset)) else False';
  }
  return `(${check.python})`;
}

export interface CheckProgramInput {
  answer: OracleAnswer;
  entryPoint: string;
  atol: number;
  check: OutputCheck;
  /** Inputs in the dataset (base + plus), for the failure message. */
  totalInputs: number;
}

/**
 * Python test code that calls the entry point on every input the oracle answered and fails
 * with an AssertionError naming the first wrong input. It follows the candidate (and the
 * original tests), so the runtime's sentinel after it proves every input was reached.
 */
export function checkProgram(input: CheckProgramInput): string {
  const cases = input.answer.cases
    .map(([index, args, expected, isDigest]) =>
      isDigest
        ? `    (${index}, ${args}, ${JSON.stringify(expected)}, True),`
        : `    (${index}, ${args}, ${expected}, False),`,
    )
    .join('\n');
  const entry = input.entryPoint;
  return `${PRELUDE}

def _passk_ok(out, exp, args, atol):
    return ${checkExpression(input.check)}


def _passk_same_digest(out, digest):
    try:
        return _passk_digest(out) == digest
    except Exception:
        return False


_passk_cases = [
${cases}
]
for _passk_index, _passk_args, _passk_expected, _passk_is_digest in _passk_cases:
    _passk_out = ${entry}(*_passk_args)
    if _passk_is_digest:
        assert _passk_same_digest(_passk_out, _passk_expected), (
            "input %d of ${input.totalInputs}: got %s, not the expected (long) output"
            % (_passk_index, _passk_show(_passk_out))
        )
        continue
    assert _passk_ok(_passk_out, _passk_expected, _passk_args, ${pythonFloat(input.atol)}), (
        "input %d of ${input.totalInputs}: got %s, expected %s"
        % (_passk_index, _passk_show(_passk_out), _passk_show(_passk_expected))
    )
`;
}

function pythonFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
