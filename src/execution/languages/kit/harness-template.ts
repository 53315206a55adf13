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
 * The header: the file's leading comment lines and the one blank line after them. Its first line
 * starts with a line-comment mark and a space (`// `, `# `, `-- `, `; `, Vim's `" `, Erlang's `%% `), so a C file's leading
 * `#include` or a `#!` line is code, not a header; the header's other lines start with the same
 * mark. Any language whose line comments start so needs nothing listed here.
 */
const COMMENT_MARKS = ['//', '#', '--', ';', '"', '%%'];

function withoutHeader(text: string): string {
  const mark = COMMENT_MARKS.find((m) => text.startsWith(`${m} `));
  if (mark === undefined) return text;
  // No mark holds a character special in a regular expression.
  return text.replace(new RegExp(`^(?:${mark}[^\\n]*\\n)+\\n`), '');
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
  const code = withoutHeader(readSourceFile(moduleUrl, file));
  return [...new Set([...code.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** `harnessFile` on a text already read (`file` names it in errors). */
export function fillHarness(
  file: string,
  text: string,
  values: Readonly<Record<string, string | number>>,
): string {
  const unused = new Set(Object.keys(values));
  const filled = withoutHeader(text).replace(PLACEHOLDER, (_, name: string) => {
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
