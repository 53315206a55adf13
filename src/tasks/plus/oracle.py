# passk's EvalPlus oracle: runs one problem's ground truth on every input (see oracle-script.ts,
# which reads this file and documents its input and output). Placeholders, each a line of its
# own: "__PASSK_LITERAL_PY__" is replaced by literal.py's program text and a newline,
# "__PASSK_ENCODE_PY__" by encode.py's and a newline; the imports below tell the linters so
# (passk leaves this header out).
# ruff: noqa: E401
from encode import _passk_enc, _PasskTooBig
from literal import _passk_digest, _passk_literal
# pyright infers types the dynamic values here do not keep; the text stays as it ran:
# pyright: reportCallIssue=false, reportArgumentType=false
# --- passk: the program text starts on the next line ---

import copy, io, json, math, sys, time
"__PASSK_LITERAL_PY__"
"__PASSK_ENCODE_PY__"

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


def tuples(v):
    return tuple(v)


def list_of_tuples(v):
    return [tuple(x) for x in v]


def tuple_of_tuples(v):
    return tuple(tuple(x) for x in v)


def deep_tuples(v):
    return tuple(deep_tuples(x) for x in v) if isinstance(v, list) else v


# evalplus/data/mbpp.py mbpp_deserialize_inputs (L~40–140 of the v0.3.x file), rewritten as a
# table: MBPP+ rows store tuples, sets and complex numbers as JSON lists and strings; EvalPlus
# rebuilds them per task before anything runs. Every argument, or the named positions.
ALL_ARGS = {
    tuples: {2, 116, 132, 143, 222, 261, 273, 394, 399, 421, 424, 429, 470, 560, 579, 596, 616, 630, 726, 740, 744, 809},
    list_of_tuples: {63, 64, 70, 94, 120, 237, 272, 299, 400, 409, 417, 438, 473, 614, 780},
    tuple_of_tuples: {259, 401, 445},
    deep_tuples: {580, 615, 791},
}


def mbpp_args(task, args):
    """One input's arguments as EvalPlus's mbpp_deserialize_inputs rebuilds them."""
    for convert, tasks in ALL_ARGS.items():
        if task in tasks:
            return [convert(a) for a in args]
    if task in (75, 413, 444, 753):
        return [list_of_tuples(args[0]), args[1]]
    if task in (106, 750):
        return [args[0], tuple(args[1])]
    if task in (250, 405, 446, 617, 720, 763, 808):
        return [tuple(args[0]), args[1]]
    if task == 307:
        return [tuple(args[0]), args[1], args[2]]
    if task == 115:  # EvalPlus writes an empty member as {} (a dict), kept as is
        return [[set(x) if isinstance(x, list) and len(x) else {} for x in args[0]]]
    if task == 124:
        return [float(args[0]), complex(args[1])]
    if task == 252:
        return [complex(args[0])]
    if task == 278:
        return [tuple(tuple(x) if isinstance(x, list) else x for x in args[0])]
    if task == 722:
        return [{k: tuple(v) for k, v in args[0].items()}] + list(args[1:])
    return args


def main():
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)  # some outputs are integers of 10 000+ digits
    job = json.load(sys.stdin)
    answer_to = sys.stdout
    sys.stdout = io.StringIO()  # a ground truth that prints must not corrupt the answer
    namespace = {"__name__": "__passk_oracle__"}
    exec(compile(job["solution"], "solution.py", "exec"), namespace)
    fn = namespace[job["entry_point"]]
    if "raw_row" in job:  # the dataset's own line: Python's json keeps 1.0 a float (see raw-rows.ts)
        row = json.loads(job["raw_row"])
        extra = row["plus_input"] if isinstance(row["plus_input"], list) else []  # Mbpp/793: {}
        raw, job["base_count"] = row["base_input"] + extra, len(row["base_input"])
    else:
        raw = job["inputs"]
    # HumanEval+ inputs are used as JSON gives them (EvalPlus reads them with json alone).
    task = int(job["task_id"].split("/")[-1]) if job.get("dataset") == "mbpp" else None
    cases, skipped, seconds = [], [], 0.0
    mbpp = job.get("dataset") == "mbpp"
    for index, json_args in enumerate(raw):
        args = list(mbpp_args(task, json_args)) if task is not None else json_args
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
    answer = {"cases": cases, "skipped": skipped, "gt_ms": seconds * 1000.0, "conversion": ["mbpp_deserialize_inputs" if task is not None else "json"]}
    answer_to.write(json.dumps(answer))


main()
