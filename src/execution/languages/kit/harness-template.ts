import { readSourceFile } from '../../../core/source-files.js';

/**
 * A harness file and the values its caller gave disagree (a `{{NAME}}` left unfilled, or a value
 * for a placeholder the file does not have): a bug in passk, never in a program, so not a
 * PasskError. Fix the file or the caller named in the message.
 */
export class HarnessTemplateError extends Error {
  constructor(file: string, problem: string) {
    super(`harness file ${file}: ${problem}; the file and the module that fills it disagree`);
    this.name = 'HarnessTemplateError';
  }
}

/**
 * The header: the file's leading comment lines and the one blank line after them, in the comment
 * syntax of the file's language (by its suffix; `//` where none is listed: a C file's leading
 * `#include`s are code, not a header).
 */
const COMMENT_PREFIX: Readonly<Record<string, string>> = {
  sh: '#',
  py: '#',
  toml: '#',
  rb: '#',
  pl: '#',
  R: '#',
  lua: '--',
  rkt: ';',
};

function headerOf(file: string): RegExp {
  const prefix = COMMENT_PREFIX[file.slice(file.lastIndexOf('.') + 1)] ?? '//';
  // No prefix holds a character special in a regular expression.
  return new RegExp(`^(?:${prefix}[^\\n]*\\n)+\\n`);
}

const PLACEHOLDER = /\{\{([A-Z_]+)\}\}/g;

/**
 * Harness code kept as a real file beside its language module (languages/<name>/<file>), as the
 * program receives it: the file's header comment, which documents its placeholders, is dropped
 * (so the text, and every artifact key that hashes it, is the code alone), and each `{{NAME}}` is
 * replaced by `values[NAME]`. `moduleUrl` is the caller's `import.meta.url`.
 */
export function harnessFile(
  moduleUrl: string,
  file: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillHarness(file, readSourceFile(moduleUrl, file), values);
}

/** The placeholders harness file `file` has (its header left out), each once. */
export function harnessPlaceholders(moduleUrl: string, file: string): string[] {
  const code = readSourceFile(moduleUrl, file).replace(headerOf(file), '');
  return [...new Set([...code.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** `harnessFile` on a text already read (`file` names it in errors). */
export function fillHarness(
  file: string,
  text: string,
  values: Readonly<Record<string, string | number>>,
): string {
  const unused = new Set(Object.keys(values));
  const filled = text.replace(headerOf(file), '').replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new HarnessTemplateError(file, `no value for {{${name}}}`);
    unused.delete(name);
    return String(value);
  });
  if (unused.size > 0) {
    throw new HarnessTemplateError(file, `no placeholder for ${[...unused].join(', ')}`);
  }
  return filled;
}
