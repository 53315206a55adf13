import { familyOf } from '../family.js';

/** McEval's generation tasks, one per language this machine can run. */
export const family = familyOf('mceval', {
  'mceval-c': async () => (await import('./task.js')).mcevalC,
  'mceval-cpp': async () => (await import('./cpp.js')).mcevalCpp,
  'mceval-java': async () => (await import('./java.js')).mcevalJava,
  'mceval-go': async () => (await import('./go.js')).mcevalGo,
  'mceval-rust': async () => (await import('./rust.js')).mcevalRust,
  'mceval-csharp': async () => (await import('./csharp.js')).mcevalCsharp,
  'mceval-scala': async () => (await import('./scala.js')).mcevalScala,
  'mceval-python': async () => (await import('./python.js')).mcevalPython,
  'mceval-tcl': async () => (await import('./tcl.js')).mcevalTcl,
  'mceval-fortran': async () => (await import('./fortran.js')).mcevalFortran,
  'mceval-pascal': async () => (await import('./pascal.js')).mcevalPascal,
  'mceval-lisp': async () => (await import('./lisp.js')).mcevalLisp,
});
