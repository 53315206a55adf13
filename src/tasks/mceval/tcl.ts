import { mcevalTclCode } from './extract-tcl.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Tcl generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Tcl extraction (extract-tcl.ts), the row's test follows, and
 * the program passes when `tclsh` exits 0 within McEval's 15 s. Completion mode continues the
 * row's `prompt` (the `proc` line and its comment) and extracts from prompt + completion.
 */
export const mcevalTcl = mcevalTask({
  language: 'tcl',
  dataName: 'Tcl',
  sha256: 'a95cdd0e196c87d0e1ce00cea0a7466c05e664b0e040339cafe006a4065e3370',
  description:
    "McEval Tcl (50 problems): the instruction as the chat message, McEval's Tcl extraction, its tests under tclsh",
  // A base model continuing the procedure stops before writing its own checks.
  stopSequences: ['\n```', '\nproc check', '\n# Test'],
  extract: (problem, text) => mcevalTclCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'tcl', source: `${code}\n\n${problem.meta.test}` }),
});
