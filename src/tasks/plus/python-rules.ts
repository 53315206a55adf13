import { readHarnessFile } from '../../core/harness-files.js';

/**
 * EvalPlus's `check_output` (check_output.py) (evalplus/eval/__init__.py L57–106, v0.3.x; special
 * oracles from evalplus/eval/_special_oracle.py) as Python for the in-process mode, which runs it
 * in the candidate's process the way EvalPlus does: `out == exp` is the candidate's own `__eq__`.
 * numpy is not available to programs, so `np.allclose` is rewritten (`_passk_allclose`). Expects
 * _PASSK_DATASET, _PASSK_ENTRY, _PASSK_SET_EQ and _PASSK_NOT_NONE (suite_config.py). The same
 * rules for the outside judge are evalplus-rules.ts; keep the two in step.
 */
export const CHECK_OUTPUT_PY = readHarnessFile(import.meta.url, 'check_output.py');
