import { RESULT_FD } from '../../execution/worker/protocol.js';
import {
  type EvalPlusDataset,
  MBPP_NOT_NONE_ENTRY_POINTS,
  MBPP_SET_EQ_ENTRY_POINTS,
} from './evalplus-rules.js';
import { ENCODE_PY } from './python-encode.js';
import { LITERAL_PY } from './python-literal.js';
import { CHECK_OUTPUT_PY } from './python-rules.js';

/** In every outside-mode program, and only there: such a program must never run without its judge. */
export const OUTSIDE_MARKER = '_passk_run_outside()';

/** One input of a suite, as the test code needs it. */
export interface SuiteCase {
  /** Position in the dataset's inputs (base then plus), for messages. */
  index: number;
  /** The argument list as Python source. */
  args: string;
  /** The expected output as Python source, or its digest (isDigest). In-process mode only. */
  expected: string;
  isDigest: boolean;
  /** Per-input time limit in seconds (EvalPlus: max(min_time_limit, factor × gt time)). */
  limitS: number;
  /** Outside mode: most characters the encoded output may take (a bigger one fails). */
  cap: number;
}

export interface SuiteProgramInput {
  /**
   * 'outside': call the entry point on every input and write each output, encoded, on the
   * result channel; passk judges them in its own process (outside-judge.ts). 'in-process': compare
   * in the candidate's process, as EvalPlus does (bit-exact compatibility, weaker isolation).
   */
  mode: 'outside' | 'in-process';
  dataset: EvalPlusDataset;
  entryPoint: string;
  atol: number;
  cases: readonly SuiteCase[];
  /** Inputs in the suite, for messages. */
  total: number;
}

/**
 * The test code that follows the candidate. Both modes call the entry point the way EvalPlus's
 * `unsafe_execute` does (evalplus/eval/__init__.py L125–143): fresh arguments, stdin/stdout/stderr
 * swallowed during the call (eval/utils.py `swallow_io`), a per-input time limit raising an
 * Exception subclass (eval/utils.py `time_limit`, so a candidate's `except Exception` can catch
 * it there too). EvalPlus continues after a failed input; since one failed input fails the
 * suite, these stop at the first.
 */
export function suiteProgram(input: SuiteProgramInput): string {
  const cases = input.cases
    .map((c) => {
      const expected =
        input.mode === 'outside' ? 'None' : c.isDigest ? JSON.stringify(c.expected) : c.expected;
      return `    (${c.index}, ${c.args}, ${expected}, ${c.isDigest ? 'True' : 'False'}, ${c.limitS}, ${c.cap}),`;
    })
    .join('\n');
  const config = `_PASSK_DATASET = ${JSON.stringify(input.dataset)}
_PASSK_ENTRY = ${JSON.stringify(input.entryPoint)}
_PASSK_ATOL = ${pythonFloat(input.atol)}
_PASSK_TOTAL = ${input.total}
_PASSK_SET_EQ = ${pythonSet(input.dataset === 'mbpp' ? MBPP_SET_EQ_ENTRY_POINTS : [])}
_PASSK_NOT_NONE = ${pythonSet(input.dataset === 'mbpp' ? MBPP_NOT_NONE_ENTRY_POINTS : [])}
_passk_cases = [
${cases}
]`;
  const body = input.mode === 'outside' ? OUTSIDE_LOOP : IN_PROCESS_LOOP;
  return `${LITERAL_PY}\n${input.mode === 'outside' ? ENCODE_PY : CHECK_OUTPUT_PY}\n${CALL_PY}\n${config}\n${body}`;
}

/** Calling the entry point under EvalPlus's conditions (shared by both modes). */
const CALL_PY = `
import io as _passk_io
import os as _passk_os
import signal as _passk_signal
import sys as _passk_sys


class _PasskInputTimeLimit(Exception):
    pass


class _PasskSwallow(_passk_io.StringIO):
    """Output is dropped, reading raises (EvalPlus's WriteOnlyStringIO)."""

    def write(self, text):
        return len(text)

    def read(self, *args, **kwargs):
        raise IOError

    readline = readlines = read

    def readable(self, *args, **kwargs):
        return False


def _passk_alarm(signum, frame):
    raise _PasskInputTimeLimit("input time limit")


def _passk_call(fn, args, seconds):
    saved = (_passk_sys.stdin, _passk_sys.stdout, _passk_sys.stderr)
    sink = _PasskSwallow()
    _passk_sys.stdin = _passk_sys.stdout = _passk_sys.stderr = sink
    _passk_signal.signal(_passk_signal.SIGALRM, _passk_alarm)
    _passk_signal.setitimer(_passk_signal.ITIMER_REAL, seconds)
    try:
        return fn(*args)
    finally:
        _passk_signal.setitimer(_passk_signal.ITIMER_REAL, 0)
        _passk_sys.stdin, _passk_sys.stdout, _passk_sys.stderr = saved
`;

/**
 * Outside mode: one JSON line per input on the result channel (RESULT_FD) — `{"e": "o", "i": index,
 * "v": value}`, `"h": digest` (big expected outputs), or `"x": exception class` — then
 * `{"e": "done", "c": count}`. Nothing here decides anything: forging a line needs the right
 * output, which never enters the sandbox.
 */
const OUTSIDE_LOOP = `
import json as _passk_json


def _passk_emit(lines):
    data = ("\\n".join(lines) + "\\n").encode("ascii")
    while data:
        data = data[_passk_os.write(${RESULT_FD}, data):]


def _passk_record(index, out, is_digest, cap):
    try:
        if is_digest:
            shown = set(out) if _PASSK_ENTRY in _PASSK_SET_EQ else out
            return {"e": "o", "i": index, "h": _passk_digest(shown)}
        return {"e": "o", "i": index, "v": _passk_enc(out, [cap])}
    except _PasskTooBig:
        return {"e": "o", "i": index, "x": "OutputTooLarge"}
    except BaseException as error:
        return {"e": "o", "i": index, "x": "Unwritable" + type(error).__name__}


def _passk_run_outside():
    fn = globals()[_PASSK_ENTRY]
    lines, size = [], 0
    for index, args, _expected, is_digest, seconds, cap in _passk_cases:
        try:
            out = _passk_call(fn, args, seconds)
        except BaseException as error:
            lines.append(_passk_json.dumps({"e": "o", "i": index, "x": type(error).__name__[:60]}))
            break
        line = _passk_json.dumps(_passk_record(index, out, is_digest, cap))
        lines.append(line)
        size += len(line)
        if size > 1 << 16:
            _passk_emit(lines)
            lines, size = [], 0
    lines.append(_passk_json.dumps({"e": "done", "c": len(_passk_cases)}))
    _passk_emit(lines)


_passk_run_outside()
`;

/** In-process mode: EvalPlus's comparison in Python (python-rules.ts), an AssertionError on the first wrong input. */
const IN_PROCESS_LOOP = `
def _passk_show(value):
    try:
        text = repr(value)
    except Exception:
        text = "<unprintable %s>" % type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _passk_run_in_process():
    fn = globals()[_PASSK_ENTRY]
    for index, args, expected, is_digest, seconds, _cap in _passk_cases:
        out = _passk_call(fn, args, seconds)
        if is_digest:
            try:
                ok = _passk_digest(set(out) if _PASSK_ENTRY in _PASSK_SET_EQ else out) == expected
            except Exception:
                ok = False
            assert ok, "input %d of %d: got %s, not the expected (long) output" % (index, _PASSK_TOTAL, _passk_show(out))
            continue
        try:
            ok = _passk_check_output(args, out, expected, _PASSK_ATOL)  # args as the call left them, as in EvalPlus
        except Exception:
            ok = False
        assert ok, "input %d of %d: got %s, expected %s" % (index, _PASSK_TOTAL, _passk_show(out), _passk_show(expected))


_passk_run_in_process()
`;

function pythonSet(names: Iterable<string>): string {
  const items = [...names].map((name) => JSON.stringify(name));
  return items.length === 0 ? 'frozenset()' : `frozenset([${items.join(', ')}])`;
}

function pythonFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
