import { PasskError } from './errors.js';
import { readSourceFile, sourceFilePath } from './source-files.js';

/**
 * Harness code that passk runs in the sandbox (Python, Lua, Racket, Rust, shell ...) lives in real
 * files checked by their language's tools. Such a file starts with a header of comments (what the
 * text is, its placeholders) and, where a linter needs them, lines that name what the fragments
 * assembled before this one define; the header ends at a line holding HEADER_END. Only the text
 * after that line is the program text: passk never runs the header.
 */
export const HEADER_END = '--- passk: the program text starts on the next line ---';

/**
 * A placeholder is a double-quoted string literal of capitals and underscores between `__PASSK_`
 * and `__`, valid in every language the harness files use, so the file still parses and compiles
 * as it is; it is replaced, quotes included, by the text given for it. A placeholder alone on its
 * line (a `;` may end it, for languages whose statements need one) stands for whole lines: that
 * line, indentation and newline included, is replaced by the text, which brings its own (or is ''
 * for no line).
 */
const PLACEHOLDER = /^[ \t]*"__PASSK_([A-Z0-9_]+)__";?[ \t]*\n|"__PASSK_([A-Z0-9_]+)__"/gm;

/** A harness file that is not as passk's code expects: a damaged install, or a bug. */
export class HarnessFileError extends PasskError {
  constructor(file: string, problem: string) {
    super('PASSK_RUNTIME_MISSING', `passk's harness file ${file} ${problem}`, {
      hint: 'reinstall passk; if it persists, the file and the code that fills it disagree (a bug)',
    });
  }
}

/** The program text of harness file `name` beside the module `moduleUrl` (its header left out). */
export function readHarnessFile(moduleUrl: string, name: string): string {
  const text = readSourceFile(moduleUrl, name);
  const marker = text.indexOf(HEADER_END);
  const lineEnd = text.indexOf('\n', marker);
  if (marker < 0 || lineEnd < 0) {
    throw new HarnessFileError(sourceFilePath(moduleUrl, name), `has no line '${HEADER_END}'`);
  }
  return text.slice(lineEnd + 1);
}

/**
 * Harness file `name` with placeholders, as a function from their values to the program text
 * (see fillHarness). The file is read now, once.
 */
export function readHarnessTemplate(
  moduleUrl: string,
  name: string,
): (values: Readonly<Record<string, string>>) => string {
  const text = readHarnessFile(moduleUrl, name);
  return (values) => fillHarness(name, text, values);
}

/**
 * The program text of a harness file that holds a snippet pasted into a line of other code:
 * without the file's final newline.
 */
export function readHarnessSnippet(moduleUrl: string, name: string): string {
  return readHarnessFile(moduleUrl, name).replace(/\n$/, '');
}

/**
 * `text` with each placeholder `"__PASSK_NAME__"` (or its line) replaced by `values.NAME`, in one
 * pass (a value that holds a placeholder's spelling is left as it is). Every placeholder of the
 * text needs a value and every value a placeholder: a mismatch is a bug, never a silent program.
 */
export function fillHarness(
  file: string,
  text: string,
  values: Readonly<Record<string, string>>,
): string {
  const used = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (_match, line?: string, inline?: string) => {
    const name = line ?? inline ?? '';
    const value = values[name];
    if (value === undefined)
      throw new HarnessFileError(file, `has a placeholder ${name} no code fills`);
    used.add(name);
    return value;
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) {
    throw new HarnessFileError(file, `has no placeholder ${unused.join(', ')}`);
  }
  return filled;
}
