import { type Family, familyOf } from '../family.js';
import { mcevalDifferences } from './differences.js';
import { MCEVAL_UNAVAILABLE } from './unavailable.js';

/** McEval's generation tasks, one per language this machine can run (the others: unavailable.ts). */
const loaders = familyOf(
  { name: 'mceval', unavailable: MCEVAL_UNAVAILABLE },
  {
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
    'mceval-coffeescript': async () => (await import('./coffeescript.js')).mcevalCoffeescript,
    'mceval-elisp': async () => (await import('./elisp.js')).mcevalElisp,
    'mceval-vimscript': async () => (await import('./vimscript.js')).mcevalVimscript,
    'mceval-erlang': async () => (await import('./erlang.js')).mcevalErlang,
    'mceval-elixir': async () => (await import('./elixir.js')).mcevalElixir,
    'mceval-haskell': async () => (await import('./haskell.js')).mcevalHaskell,
    'mceval-groovy': async () => (await import('./groovy.js')).mcevalGroovy,
    'mceval-kotlin': async () => (await import('./kotlin.js')).mcevalKotlin,
  },
);

export const family: Family = { ...loaders, differences: mcevalDifferences };
