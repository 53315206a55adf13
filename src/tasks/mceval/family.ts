import { type Family, familyOf } from '../family.js';
import { mcevalDifferences } from './differences.js';

/** McEval's generation tasks, one per language this machine can run. */
const loaders = familyOf('mceval', {
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
  'mceval-javascript': async () => (await import('./javascript.js')).mcevalJavascript,
  'mceval-typescript': async () => (await import('./javascript.js')).mcevalTypescript,
  'mceval-php': async () => (await import('./php.js')).mcevalPhp,
  'mceval-ruby': async () => (await import('./ruby.js')).mcevalRuby,
  'mceval-lua': async () => (await import('./lua.js')).mcevalLua,
  'mceval-perl': async () => (await import('./perl.js')).mcevalPerl,
  'mceval-r': async () => (await import('./r.js')).mcevalR,
  'mceval-racket': async () => (await import('./racket.js')).mcevalRacket,
  'mceval-shell': async () => (await import('./shell.js')).mcevalShell,
  'mceval-scheme': async () => (await import('./racket.js')).mcevalScheme,
});

export const family: Family = { ...loaders, differences: mcevalDifferences };
