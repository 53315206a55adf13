import type { Problem, Task } from '../types.js';
import { mcevalTclCode } from './extract-tcl.js';
import { type McevalData, mcevalProblems } from './rows.js';

/**
 * McEval's Tcl generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Tcl extraction (extract-tcl.ts), the row's test follows, and
 * the program passes when `tclsh` exits 0 within McEval's 15 s. Completion mode continues the
 * row's `prompt` (the `proc` line and its comment) and extracts from prompt + completion.
 */
export const mcevalTcl: Task<McevalData> = {
  name: 'mceval-tcl',
  description:
    "McEval Tcl (50 problems): the instruction as the chat message, McEval's Tcl extraction, its tests under tclsh",
  language: 'tcl',
  dataset: {
    hub: {
      host: 'github',
      repo: 'MCEVAL/McEval',
      revision: '09dec129dd5756447227239b3e5b47e543c2e0fd',
      path: 'data/Tcl.jsonl',
      sha256: 'a95cdd0e196c87d0e1ce00cea0a7466c05e664b0e040339cafe006a4065e3370',
    },
    localFile: 'mceval/Tcl.jsonl',
  },
  defaultTimeoutMs: 15_000,
  // A base model continuing the procedure stops before writing its own checks.
  stopSequences: ['\n```', '\nproc check', '\n# Test'],
  problems: (rows, file) =>
    mcevalProblems(rows, file, 'tcl', (r) => `${r.prompt}\n${r.canonical_solution}`),
  postprocess: (problem, generation) => candidate(problem, problem.datasetPrompt + generation),
  instructionPrompt: (problem) => problem.meta.instruction,
  chatPostprocess: (problem, reply) => candidate(problem, reply),
  program: (problem, code) => ({ language: 'tcl', source: `${code}\n\n${problem.meta.test}` }),
};

function candidate(problem: Problem<McevalData>, text: string): string {
  return mcevalTclCode(text, problem.entryPoint ?? '');
}
