import { readHarnessFile } from '../../core/harness-files.js';

/**
 * Python helpers (literal.py) shared by the oracle script and every plus test program, so that both
 * sides write values, and digest big ones, with the very same code:
 *
 * - `_passk_literal(value, canonical)`: Python source that evaluates back to an equal value of
 *   the same type (NaN and ±inf as `float(...)`, huge ints in hex, which the int/str digit limit
 *   of Python 3.11+ does not cover; Counter / OrderedDict by name). With `canonical`, set and
 *   dict entries are sorted, so equal values give equal text whatever their iteration order.
 * - `_passk_digest(value)`: sha256 of the canonical literal. Big expected outputs travel as this
 *   digest instead of a literal (see BIG_OUTPUT_CHARS in the oracle script): some HumanEval+
 *   outputs are megabytes, and a program with 100 MB of literals takes minutes and gigabytes
 *   just to compile.
 *
 * Names carry a `_passk_` prefix: the test code follows the candidate in one module, and a
 * candidate's own helper called `literal` must keep working.
 */
export const LITERAL_PY = readHarnessFile(import.meta.url, 'literal.py');
