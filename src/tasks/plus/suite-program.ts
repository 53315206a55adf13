import { readHarnessFile, readHarnessTemplate } from '../../core/harness-files.js';
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
/** The suite's settings and inputs as Python (its placeholders are documented in the file). */
const suiteConfig = readHarnessTemplate(import.meta.url, 'suite_config.py');

export function suiteProgram(input: SuiteProgramInput): string {
  const cases = input.cases
    .map((c) => {
      const expected =
        input.mode === 'outside' ? 'None' : c.isDigest ? JSON.stringify(c.expected) : c.expected;
      return `    (${c.index}, ${c.args}, ${expected}, ${c.isDigest ? 'True' : 'False'}, ${c.limitS}, ${c.cap}),`;
    })
    .join('\n');
  const config = suiteConfig({
    DATASET: JSON.stringify(input.dataset),
    ENTRY: JSON.stringify(input.entryPoint),
    ATOL: pythonFloat(input.atol),
    TOTAL: String(input.total),
    SET_EQ: pythonSet(input.dataset === 'mbpp' ? MBPP_SET_EQ_ENTRY_POINTS : []),
    NOT_NONE: pythonSet(input.dataset === 'mbpp' ? MBPP_NOT_NONE_ENTRY_POINTS : []),
    CASES: `${cases}\n`,
  });
  const body = input.mode === 'outside' ? OUTSIDE_LOOP : IN_PROCESS_LOOP;
  const helpers = input.mode === 'outside' ? ENCODE_PY : CHECK_OUTPUT_PY;
  return `${LITERAL_PY}\n${helpers}\n${CALL_PY}\n${config}${body}`;
}

/** Calling the entry point under EvalPlus's conditions (shared by both modes): call.py. */
const CALL_PY = readHarnessFile(import.meta.url, 'call.py');

/**
 * Outside mode (outside_loop.py): one JSON line per input on the result channel (fd 3) — `{"e":
 * "o", "i": index, "v": value}`, `"h": digest` (big expected outputs), or `"x": exception class` —
 * then `{"e": "done", "c": count}`. Nothing here decides anything: forging a line needs the right
 * output, which never enters the sandbox.
 */
const OUTSIDE_LOOP = readHarnessFile(import.meta.url, 'outside_loop.py');

/** In-process mode (in_process_loop.py): EvalPlus's comparison in Python (python-rules.ts), an AssertionError on the first wrong input. */
const IN_PROCESS_LOOP = readHarnessFile(import.meta.url, 'in_process_loop.py');

function pythonSet(names: Iterable<string>): string {
  const items = [...names].map((name) => JSON.stringify(name));
  return items.length === 0 ? 'frozenset()' : `frozenset([${items.join(', ')}])`;
}

function pythonFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
