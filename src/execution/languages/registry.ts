import type { LanguageModule } from './types.js';

/**
 * The one list of languages: folder name → its language.ts, loaded on first use. Adding a
 * language is its folder (manifest.json + language.ts) and one line here.
 */
export const LANGUAGE_MODULES: Readonly<Record<string, () => Promise<LanguageModule>>> = {
  python: async () => (await import('./python/language.js')).language,
  javascript: async () => (await import('./javascript/language.js')).language,
  typescript: async () => (await import('./typescript/language.js')).language,
  cpp: async () => (await import('./cpp/language.js')).language,
  java: async () => (await import('./java/language.js')).language,
  go: async () => (await import('./go/language.js')).language,
  rust: async () => (await import('./rust/language.js')).language,
  shell: async () => (await import('./shell/language.js')).language,
  php: async () => (await import('./php/language.js')).language,
  ruby: async () => (await import('./ruby/language.js')).language,
  lua: async () => (await import('./lua/language.js')).language,
  perl: async () => (await import('./perl/language.js')).language,
  r: async () => (await import('./r/language.js')).language,
  racket: async () => (await import('./racket/language.js')).language,
  scala: async () => (await import('./scala/language.js')).language,
  tcl: async () => (await import('./tcl/language.js')).language,
  csharp: async () => (await import('./csharp/language.js')).language,
  d: async () => (await import('./d/language.js')).language,
  c: async () => (await import('./c/language.js')).language,
  fortran: async () => (await import('./fortran/language.js')).language,
  pascal: async () => (await import('./pascal/language.js')).language,
  lisp: async () => (await import('./lisp/language.js')).language,
  coffeescript: async () => (await import('./coffeescript/language.js')).language,
  elisp: async () => (await import('./elisp/language.js')).language,
  vimscript: async () => (await import('./vimscript/language.js')).language,
  erlang: async () => (await import('./erlang/language.js')).language,
  elixir: async () => (await import('./elixir/language.js')).language,
  haskell: async () => (await import('./haskell/language.js')).language,
  groovy: async () => (await import('./groovy/language.js')).language,
  kotlin: async () => (await import('./kotlin/language.js')).language,
};
