import { familyOf } from '../family.js';

/** McEval's generation tasks, one per language this machine can run. */
export const family = familyOf('mceval', {
  'mceval-c': async () => (await import('./task.js')).mcevalC,
  'mceval-python': async () => (await import('./python.js')).mcevalPython,
  'mceval-tcl': async () => (await import('./tcl.js')).mcevalTcl,
  'mceval-fortran': async () => (await import('./fortran.js')).mcevalFortran,
  'mceval-pascal': async () => (await import('./pascal.js')).mcevalPascal,
  'mceval-lisp': async () => (await import('./lisp.js')).mcevalLisp,
  'mceval-erlang': async () => (await import('./erlang.js')).mcevalErlang,
  'mceval-elixir': async () => (await import('./elixir.js')).mcevalElixir,
  'mceval-haskell': async () => (await import('./haskell.js')).mcevalHaskell,
  'mceval-groovy': async () => (await import('./groovy.js')).mcevalGroovy,
  'mceval-kotlin': async () => (await import('./kotlin.js')).mcevalKotlin,
});
