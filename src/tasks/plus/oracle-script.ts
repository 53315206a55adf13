import { readHarnessTemplate } from '../../core/harness-files.js';
import { ENCODE_PY } from './python-encode.js';
import { LITERAL_PY } from './python-literal.js';

/**
 * The Python program (oracle.py, with literal.py and encode.py pasted in) that runs one EvalPlus
 * problem's ground truth on every input and writes, for each input, the arguments and the expected
 * output as Python source (see python-literal.ts), or the output's digest when it is big.
 *
 * It reads one job as JSON on stdin: `{solution, entry_point, task_id, dataset, raw_row}` (the dataset's
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
 * Inputs are read as EvalPlus reads them: HumanEval+ as JSON gives them; MBPP+ rebuilt per
 * task (tuples, sets, complex numbers stored as JSON lists and strings) by the table in
 * `mbpp_args`, which follows evalplus/data/mbpp.py `mbpp_deserialize_inputs`. Every input is run,
 * as in EvalPlus; only inputs on which the ground truth raises, or whose output is too big to
 * check, are left out (listed in `skipped`).
 */
export const ORACLE_SCRIPT = readHarnessTemplate(
  import.meta.url,
  'oracle.py',
)({
  LITERAL_PY: `${LITERAL_PY}\n`,
  ENCODE_PY: `${ENCODE_PY}\n`,
});
