import { familyOf } from '../family.js';
import { MCEVAL_UNAVAILABLE } from './unavailable.js';

/** McEval's generation tasks, one per language this machine can run (the others: unavailable.ts). */
export const family = familyOf(
  { name: 'mceval', unavailable: MCEVAL_UNAVAILABLE },
  {
    'mceval-c': async () => (await import('./task.js')).mcevalC,
    'mceval-python': async () => (await import('./python.js')).mcevalPython,
    'mceval-tcl': async () => (await import('./tcl.js')).mcevalTcl,
    'mceval-fortran': async () => (await import('./fortran.js')).mcevalFortran,
    'mceval-pascal': async () => (await import('./pascal.js')).mcevalPascal,
    'mceval-lisp': async () => (await import('./lisp.js')).mcevalLisp,
    'mceval-coffeescript': async () => (await import('./coffeescript.js')).mcevalCoffeescript,
    'mceval-elisp': async () => (await import('./elisp.js')).mcevalElisp,
    'mceval-vimscript': async () => (await import('./vimscript.js')).mcevalVimscript,
  },
);
