import { type Fence, TRIPLE } from './aider-prompts.js';
import { closestMatch } from './similarity.js';

/** One SEARCH/REPLACE block: the file it names, what to find, what to put instead. */
export interface EditBlock {
  path: string;
  search: string;
  replace: string;
}

/** A reply aider would call malformed: the message is what aider would tell the model. */
export class EditFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditFormatError';
  }
}

const HEAD = /^<{5,9} SEARCH>?\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const UPDATED = /^>{5,9} REPLACE\s*$/;
const SHELL_STARTS = ['bash', 'sh', 'shell', 'cmd', 'batch', 'powershell', 'ps1', 'zsh', 'fish']
  .concat(['ksh', 'csh', 'tcsh'])
  .map((name) => `\`\`\`${name}`);

/** Lines with their ends, as Python's splitlines(keepends=True) for \n and \r\n text. */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The SEARCH/REPLACE blocks of a reply, as aider's find_original_update_blocks reads them: each
 * block's file is named on one of the 3 lines before it (or is the previous block's); shell
 * blocks are skipped; a block without its divider or end, or a first block without a file name,
 * makes the whole reply malformed (EditFormatError with aider's message).
 */
export function editBlocks(reply: string, fence: Fence, editable: readonly string[]): EditBlock[] {
  const lines = linesOf(reply);
  const blocks: EditBlock[] = [];
  let current: string | undefined;
  let i = 0;
  const isHead = (k: number) => k < lines.length && HEAD.test(lines[k]!.trim());
  const fail = (message: string): never => {
    throw new EditFormatError(`${lines.slice(0, i + 1).join('')}\n^^^ ${message}`);
  };
  while (i < lines.length) {
    const line = lines[i]!;
    if (
      SHELL_STARTS.some((start) => line.trim().startsWith(start)) &&
      !isHead(i + 1) &&
      !isHead(i + 2)
    ) {
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith('```')) i++;
      if (i < lines.length) i++;
      continue;
    }
    if (HEAD.test(line.trim())) {
      const newFile = i + 1 < lines.length && DIVIDER.test(lines[i + 1]!.trim());
      const named = findFilename(
        lines.slice(Math.max(0, i - 3), i),
        fence,
        newFile ? [] : editable,
      );
      const path =
        named ??
        current ??
        fail(
          `Bad/missing filename. The filename must be alone on the line before the opening fence ${fence[0]}`,
        );
      current = path;
      const search: string[] = [];
      for (i++; i < lines.length && !DIVIDER.test(lines[i]!.trim()); i++) search.push(lines[i]!);
      if (i >= lines.length) fail('Expected `=======`');
      const replace: string[] = [];
      const ends = (k: number) => UPDATED.test(lines[k]!.trim()) || DIVIDER.test(lines[k]!.trim());
      for (i++; i < lines.length && !ends(i); i++) replace.push(lines[i]!);
      if (i >= lines.length) fail('Expected `>>>>>>> REPLACE` or `=======`');
      blocks.push({ path, search: search.join(''), replace: replace.join('') });
    }
    i++;
  }
  return blocks;
}

/** A file name on a line as aider's strip_filename reads it, if the line has one. */
function stripFilename(line: string, fence: Fence): string | undefined {
  const name = line.trim();
  if (name === '...') return undefined;
  for (const open of [fence[0], TRIPLE[0]]) {
    if (!name.startsWith(open)) continue;
    const rest = name.slice(open.length);
    return rest !== '' && (rest.includes('.') || rest.includes('/')) ? rest : undefined;
  }
  const stripped = name
    .replace(/:+$/, '')
    .replace(/^#+/, '')
    .trim()
    .replace(/^`+|`+$/g, '')
    .replace(/^\*+|\*+$/g, '');
  return stripped === '' ? undefined : stripped;
}

/**
 * aider's find_filename: the names on the lines before a block (nearest first, going further
 * back only over fence lines), then the best: an editable file exactly, by base name, by a close
 * spelling (difflib, 0.8), else a name with an extension, else the nearest.
 */
function findFilename(
  before: readonly string[],
  fence: Fence,
  editable: readonly string[],
): string | undefined {
  const names: string[] = [];
  for (const line of [...before].reverse().slice(0, 3)) {
    const name = stripFilename(line, fence);
    if (name !== undefined) names.push(name);
    if (!line.startsWith(fence[0]) && !line.startsWith(TRIPLE[0])) break;
  }
  const exact = names.find((name) => editable.includes(name));
  if (exact !== undefined) return exact;
  for (const name of names) {
    const byBase = editable.find((path) => name === path.split('/').at(-1));
    if (byBase !== undefined) return byBase;
  }
  for (const name of names) {
    const close = closestMatch(name, editable, 0.8);
    if (close !== undefined) return close;
  }
  return names.find((name) => name.includes('.')) ?? names[0];
}
