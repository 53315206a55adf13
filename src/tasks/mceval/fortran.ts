import { mcevalFortranCode, mcevalFortranEnd } from './extract-fortran.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Fortran generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's Fortran extraction (extract-fortran.ts), which
 * puts the row's prompt in place of the entry point's declaration; the program is the row's test
 * (its `contains` section open), that code and `end program`, compiled by gfortran and passing
 * when it runs to its end and exits 0. Completion mode extracts from the prompt + completion.
 */
export const mcevalFortran = mcevalTask({
  language: 'fortran',
  dataName: 'Fortran',
  sha256: 'c5e8068df9b24f410e95bb218ce2969407e0fa39148e8948c10ae5e5cb73a4c1',
  description:
    "McEval Fortran (50 problems): the instruction as the chat message, McEval's Fortran extraction, its test program under gfortran",
  // A base model continuing the procedure stops once it has ended it.
  stopSequences: ['\n```', '\nend program', '\nprogram '],
  reference,
  extract: (problem, text) =>
    mcevalFortranCode(text, problem.entryPoint ?? '', problem.datasetPrompt),
  program: (problem, code) => ({
    language: 'fortran',
    source: `${problem.meta.test}\n${code}\n${mcevalFortranEnd(problem.meta.test)}\n`,
  }),
});

/** The row's prompt and canonical solution, without the solution's own `end program` line. */
function reference(row: { prompt: string; canonical_solution: string }): string {
  const body = row.canonical_solution.replace(/\s*end\s+program\b[^\n]*\s*$/i, '\n');
  return `${row.prompt}\n${body}`;
}
