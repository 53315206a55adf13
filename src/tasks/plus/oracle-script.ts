import { ENCODE_PY } from './python-encode.js';
import { LITERAL_PY } from './python-literal.js';

/**
 * The Python program that runs one EvalPlus problem's ground truth on every input and writes,
 * for each input, the arguments and the expected output as Python source (see python-literal.ts),
 * or the output's digest when it is big.
 *
 * It reads one job as JSON on stdin: `{solution, entry_point, contract, raw_row}` (the dataset's
 * JSON line, whose base_input and plus_input it reads) or, for datasets not read from JSON
 * lines, `{..., inputs, base_count}` with the inputs as JavaScript parsed them,
 * and writes one JSON object on stdout: `{cases: [[index, args, expected]], skipped:
 * [[index, reason]], gt_ms, conversion}`. It runs trusted dataset code only (never a candidate).
 *
 * Why the values travel as Python source: EvalPlus's inputs are JSON, which has no tuples,
 * complex numbers or integer dict keys, and outputs may be tuples, sets, Counters, NaN or
 * 10 000-digit integers. Python writes them in Python (checked by reading each one back), so
 * passk's TypeScript side only pastes opaque text into the test program.
 *
 * Why a contract-guided reading of the inputs: MBPP+ rows store tuples as JSON lists (and
 * complex numbers as strings such as '(1+2j)'); each problem's `contract` (the asserts that
 * define a valid input) says which argument is a tuple. The script tries, per argument, a few
 * readings (as is; a tuple; a list of tuples; tuples all the way down; a number parsed from a
 * string; a dict whose values are tuples), fewest changes first, and keeps the first under
 * which every input meets the contract (else the base inputs). Inputs that still break the
 * contract are skipped: they are outside the problem as stated (HumanEval/32: float
 * coefficients; Mbpp/734: empty lists).
 */
export const ORACLE_SCRIPT = String.raw`
import copy, inspect, io, itertools, json, math, sys, textwrap, time
${LITERAL_PY}
${ENCODE_PY}

# EvalPlus's per-task output rules that change what the ground truth's output is compared as
# (evalplus/eval/_special_oracle.py; evaluate.py get_groundtruth → gen/util trusted_exec
# output_not_none): the not-None tasks expect \`gt_out is not None\`; the set tasks compare
# set(out), so a big expected output is digested as a set.
MBPP_NOT_NONE = {"check_str", "text_match_three", "text_starta_endb"}
MBPP_SET_EQ = {"similar_elements", "find_char_long", "common_in_nested_lists", "extract_singly",
               "larg_nnum", "intersection_array", "find_dissimilar", "Diff"}
# Encoded expected outputs for the outside judge: an output whose literal is small stays small.
ENCODE_ROOM = 1 << 24

# Outputs whose literal is longer travel as a digest (see python-literal.ts).
BIG_OUTPUT_CHARS = 2048
# Outputs estimated bigger than this are not checked at all: Mbpp/255 has an input whose answer
# is 1.6 million 77-tuples (a 1 GB literal); writing or digesting it costs minutes per sample.
HUGE_OUTPUT_CHARS = 32 * 1024 * 1024


def fits(value, budget=HUGE_OUTPUT_CHARS):
    """Whether value's literal is at most about budget characters (stops counting past it)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in (str, bytes):
            budget -= len(item) + 2
        elif kind is int:
            budget -= item.bit_length() // 3 + 1
        elif kind in (list, tuple, set, frozenset):
            budget -= len(item) * 2 + 2
            stack.extend(item)
        elif isinstance(item, dict):
            budget -= len(item) * 4 + 2
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            budget -= 8
        if budget < 0:
            return False
    return True


def same(a, b):
    """Equality that holds for nan == nan and needs equal types all the way down."""
    if type(a) is not type(b):
        return False
    if type(a) is float and math.isnan(a):
        return math.isnan(b)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def as_is(v):
    return v


def tuple_(v):
    return tuple(v) if type(v) is list else v


def items_tuples(v):
    return [tuple(x) if type(x) is list else x for x in v] if type(v) is list else v


def deep_tuple(v):
    return tuple(deep_tuple(x) for x in v) if type(v) is list else v


def number(v):
    if type(v) is not str:
        return v
    for parse in (int, float, complex):
        try:
            return parse(v)
        except ValueError:
            pass
    return v


def values_tuples(v):
    return {k: tuple(x) if type(x) is list else x for k, x in v.items()} if type(v) is dict else v


READINGS = [as_is, tuple_, items_tuples, deep_tuple, number, values_tuples]


def contract_checker(namespace, fn, contract):
    if not contract.strip():
        return None
    params = [p.replace(annotation=inspect.Parameter.empty) for p in inspect.signature(fn).parameters.values()]
    body = textwrap.indent(textwrap.dedent(contract), "    ")
    scope = dict(namespace)
    exec("def _passk_contract%s:\n%s\n    return True\n" % (inspect.Signature(params), body), scope)
    return scope["_passk_contract"]


def holds(checker, args):
    try:
        checker(*args)  # contracts only read their arguments
        return True
    except Exception:
        return False


def pick_reading(checker, inputs):
    if not inputs:
        return None
    arity = len(inputs[0])
    if checker is None or any(len(args) != arity for args in inputs):
        return [as_is] * arity
    combos = sorted(itertools.product(range(len(READINGS)), repeat=arity), key=lambda c: (sum(i > 0 for i in c), c))
    for combo in combos[:512]:
        chosen = [READINGS[i] for i in combo]
        if all(holds(checker, [f(a) for f, a in zip(chosen, args)]) for args in inputs):
            return chosen
    return None


def main():
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)  # some outputs are integers of 10 000+ digits
    job = json.load(sys.stdin)
    answer_to = sys.stdout
    sys.stdout = io.StringIO()  # a ground truth that prints must not corrupt the answer
    namespace = {"__name__": "__passk_oracle__"}
    exec(compile(job["solution"], "solution.py", "exec"), namespace)
    fn = namespace[job["entry_point"]]
    checker = contract_checker(namespace, fn, job.get("contract") or "")
    if "raw_row" in job:  # the dataset's own line: Python's json keeps 1.0 a float (see raw-rows.ts)
        row = json.loads(job["raw_row"])
        extra = row["plus_input"] if isinstance(row["plus_input"], list) else []  # Mbpp/793: {}
        raw, job["base_count"] = row["base_input"] + extra, len(row["base_input"])
    else:
        raw = job["inputs"]
    reading = pick_reading(checker, raw) or pick_reading(checker, raw[: job["base_count"]])
    reading = reading or [as_is] * (len(raw[0]) if raw else 0)
    cases, skipped, seconds = [], [], 0.0
    mbpp = job.get("dataset") == "mbpp"
    for index, json_args in enumerate(raw):
        args = [f(a) for f, a in zip(reading, json_args)] if len(json_args) == len(reading) else json_args
        # No skipping for the contract: EvalPlus runs every released input (it only guides the reading).
        fresh = copy.deepcopy(args)  # the ground truth may mutate its arguments
        started = time.perf_counter()
        try:
            output = fn(*fresh)
        except BaseException as error:
            skipped.append([index, "ground truth raised %s" % type(error).__name__])
            continue
        call_seconds = time.perf_counter() - started
        if mbpp and job["entry_point"] in MBPP_NOT_NONE:
            output = output is not None
        # Timed with the call: the test program repeats this work (build the literals, or
        # digest the candidate's output), so the derived time limit must cover it too.
        if not fits(output):
            skipped.append([index, "output too large to check (over %d MB)" % (HUGE_OUTPUT_CHARS >> 20)])
            continue  # nor timed: the test program does not run it
        try:
            shown = _passk_literal(list(args))
            written = _passk_literal(output)
            encoded_args = _passk_enc(list(args), [ENCODE_ROOM])
            if len(written) > BIG_OUTPUT_CHARS:
                digested = set(output) if mbpp and job["entry_point"] in MBPP_SET_EQ else output
                cases.append([index, shown, _passk_digest(digested), True, encoded_args, None, call_seconds])
            elif same(eval(written, {}), output) and same(eval(shown, {}), list(args)):
                encoded = _passk_enc(output, [ENCODE_ROOM])
                cases.append([index, shown, written, False, encoded_args, encoded, call_seconds])
            else:
                skipped.append([index, "output does not read back equal"])
        except (TypeError, ValueError, RecursionError, SyntaxError, MemoryError, _PasskTooBig) as error:
            skipped.append([index, "output cannot be written: %s" % error])
        seconds += time.perf_counter() - started
    answer = {"cases": cases, "skipped": skipped, "gt_ms": seconds * 1000.0, "conversion": [f.__name__ for f in reading]}
    answer_to.write(json.dumps(answer))


main()
`;
