import { readHarnessFile } from '../../core/harness-files.js';

/**
 * Python side (encode.py) of the value encoding that carries outputs out of the sandbox (and
 * expected outputs out of the oracle) as JSON that keeps Python's types apart, so the parent can
 * compare them with Python's own equality rules (see pyvalue.ts, which decodes it):
 *
 *   None, bool, str, list   → JSON null / true|false / string / array
 *   int                     → a JSON number when |v| < 2**53, else {"i": "<hex>"}
 *   float                   → {"f": v} (repr is round-trip exact), {"f": "nan"|"inf"|"-inf"}
 *   complex                 → {"c": [<float>, <float>]}
 *   str with lone surrogates→ {"u": [code points]} (JSON's \\u escapes would merge a pair)
 *   bytes / bytearray       → {"b": "<hex>"}
 *   tuple                   → {"t": [...]}
 *   set / frozenset         → {"s": [...]}
 *   dict / Counter / OrderedDict → {"d" | "C" | "O": [[key, value], ...]}
 *   anything else           → {"o": "<type name>"} (opaque: equal to nothing)
 *
 * Subclasses of builtins are encoded by their builtin value (an IntEnum as its int, a
 * namedtuple as a tuple), read through the builtin's own methods, so a class that overrides
 * `__eq__`, `__iter__` or `__repr__` cannot choose what the parent sees. `room` is a one-element
 * list holding the characters left: an output bigger than allowed raises _PasskTooBig.
 *
 * Names carry a `_passk_` prefix: this code follows the candidate in one module.
 */
export const ENCODE_PY = readHarnessFile(import.meta.url, 'encode.py');
