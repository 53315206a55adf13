import type { Fence } from './aider-prompts.js';
import { type EditBlock, linesOf } from './editblock.js';
import { similarity } from './similarity.js';

/** With a final newline, and its lines (aider's prep). */
function prep(text: string): [string, string[]] {
  const whole = text !== '' && !text.endsWith('\n') ? `${text}\n` : text;
  return [whole, linesOf(whole)];
}

const leadingSpace = (line: string) => line.length - line.trimStart().length;

function perfectReplace(whole: string[], part: string[], replace: string[]): string | undefined {
  for (let i = 0; i + part.length <= whole.length; i++) {
    if (part.every((line, k) => whole[i + k] === line))
      return [...whole.slice(0, i), ...replace, ...whole.slice(i + part.length)].join('');
  }
  return undefined;
}

/** The one indentation the file adds to every non-blank part line, if the rest agrees. */
function addedIndent(whole: string[], part: string[]): string | undefined {
  if (!whole.every((line, k) => line.trimStart() === part[k]!.trimStart())) return undefined;
  const added = new Set(
    whole
      .filter((line) => line.trim() !== '')
      .map((line, k) => line.slice(0, line.length - part[k]!.length)),
  );
  return added.size === 1 ? [...added][0] : undefined;
}

/** aider's replace_part_with_missing_leading_whitespace: a match but for a uniform indent. */
function indentFlexible(whole: string[], part: string[], replace: string[]): string | undefined {
  const indents = [...part, ...replace].filter((line) => line.trim() !== '').map(leadingSpace);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  const outdent = (line: string) => (line.trim() !== '' ? line.slice(cut) : line);
  const p = part.map(outdent);
  const r = replace.map(outdent);
  for (let i = 0; i + p.length <= whole.length; i++) {
    const indent = addedIndent(whole.slice(i, i + p.length), p);
    if (indent === undefined) continue;
    const indented = r.map((line) => (line.trim() !== '' ? indent + line : line));
    return [...whole.slice(0, i), ...indented, ...whole.slice(i + p.length)].join('');
  }
  return undefined;
}

const perfectOrWhitespace = (whole: string[], part: string[], replace: string[]) =>
  perfectReplace(whole, part, replace) ?? indentFlexible(whole, part, replace);

/** aider's try_dotdotdots: SEARCH and REPLACE elide the same runs with `...` lines. */
function dotdotdots(whole: string, part: string, replace: string): string | undefined {
  const dots = /(^\s*\.\.\.\n)/m;
  const parts = part.split(dots);
  const replaces = replace.split(dots);
  if (parts.length !== replaces.length || parts.length === 1) return undefined;
  for (let k = 1; k < parts.length; k += 2) if (parts[k] !== replaces[k]) return undefined;
  let result = whole;
  for (let k = 0; k < parts.length; k += 2) {
    const [p, r] = [parts[k]!, replaces[k]!];
    if (p === '' && r === '') continue;
    if (p === '') {
      result = (result.endsWith('\n') ? result : `${result}\n`) + r;
      continue;
    }
    if (result.split(p).length !== 2) return undefined;
    result = result.replace(p, () => r);
  }
  return result;
}

/**
 * aider's replace_most_similar_chunk: the SEARCH lines exactly, else but for their indentation,
 * else without a spurious first blank line, else with `...` elisions. (aider's fuzzy
 * edit-distance match comes after a `return` in its code: it never runs, nor here.)
 */
export function replaceChunk(content: string, search: string, replace: string): string | undefined {
  const [whole, wholeLines] = prep(content);
  const [part, partLines] = prep(search);
  const [repl, replLines] = prep(replace);
  const direct = perfectOrWhitespace(wholeLines, partLines, replLines);
  if (direct !== undefined) return direct;
  if (partLines.length > 2 && partLines[0]!.trim() === '') {
    const skipped = perfectOrWhitespace(wholeLines, partLines.slice(1), replLines);
    if (skipped !== undefined) return skipped;
  }
  return dotdotdots(whole, part, repl);
}

/** aider's strip_quoted_wrapping: a leading file-name line and a fence around the text go. */
function unwrap(text: string, path: string, fence: Fence): string {
  if (text === '') return text;
  let lines = text.split(/\r?\n/);
  if (text.endsWith('\n')) lines.pop();
  if (lines[0]!.trim().endsWith(path.split('/').at(-1)!)) lines = lines.slice(1);
  if (lines.length > 0 && lines[0]!.startsWith(fence[0]) && lines.at(-1)!.startsWith(fence[1]))
    lines = lines.slice(1, -1);
  const joined = lines.join('\n');
  return joined !== '' && !joined.endsWith('\n') ? `${joined}\n` : joined;
}

/** aider's do_replace on one file (`content` undefined: the file does not exist). */
function doReplace(path: string, content: string | undefined, edit: EditBlock, fence: Fence) {
  const search = unwrap(edit.search, path, fence);
  const replace = unwrap(edit.replace, path, fence);
  if (search.trim() === '') return (content ?? '') + replace;
  return content === undefined ? undefined : replaceChunk(content, search, replace);
}

/** The outcome of applying a reply's blocks: the files after, and aider's error if some failed. */
export interface Applied {
  files: Record<string, string>;
  /** The files the blocks named (aider's "edited" set: it then says "I updated the files."). */
  edited: string[];
  error?: string;
}

/**
 * aider's EditBlockCoder.apply_edits: a block naming a new file creates it (empty) first; each
 * block on its file in turn, else (a non-empty SEARCH) on the first file it matches; blocks
 * that match are applied, and when some do not, aider's message lists them, with the lines they
 * probably meant. `canCreate`: whether a new path may be a file (not the tests' or build's);
 * blocks for other paths are dropped.
 */
export function applyBlocks(
  start: Readonly<Record<string, string>>,
  blocks: readonly EditBlock[],
  fence: Fence,
  canCreate: (path: string) => boolean,
): Applied {
  const files = { ...start };
  const allowed = blocks.filter((block) => block.path in files || canCreate(block.path));
  for (const block of allowed) files[block.path] ??= '';
  const failed: EditBlock[] = [];
  const edited = new Set<string>();
  let passed = 0;
  for (const block of allowed) {
    let target = block.path;
    let result = doReplace(target, files[target], block, fence);
    if (!result && block.search.trim() !== '') {
      for (const other of Object.keys(files)) {
        result = doReplace(other, files[other], block, fence);
        if (result) {
          target = other;
          break;
        }
      }
    }
    edited.add(target);
    if (result) {
      files[target] = result;
      passed++;
    } else failed.push(block);
  }
  if (failed.length === 0) return { files, edited: [...edited] };
  return { files, edited: [...edited], error: failureMessage(failed, passed, files, fence) };
}

function failureMessage(
  failed: readonly EditBlock[],
  passed: number,
  files: Readonly<Record<string, string>>,
  fence: Fence,
): string {
  const blocks = failed.length === 1 ? 'block' : 'blocks';
  let text = `# ${failed.length} SEARCH/REPLACE ${blocks} failed to match!\n`;
  for (const { path, search, replace } of failed) {
    const content = files[path] ?? '';
    text += `\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\n`;
    const meant = similarLines(search, content);
    if (meant !== '')
      text += `Did you mean to match some of these actual lines from ${path}?\n\n${fence[0]}\n${meant}\n${fence[1]}\n\n`;
    if (replace !== '' && content.includes(replace))
      text += `Are you sure you need this SEARCH/REPLACE block?\nThe REPLACE lines are already in ${path}!\n\n`;
  }
  text +=
    'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n';
  if (passed > 0) {
    const pblocks = passed === 1 ? 'block' : 'blocks';
    text += `\n# The other ${passed} SEARCH/REPLACE ${pblocks} were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the ${blocks} above that failed to match.\n`;
  }
  return text;
}

/** aider's find_similar_lines: the file's run most like the SEARCH lines (ratio ≥ 0.6). */
function similarLines(search: string, content: string): string {
  const wanted = search.split(/\r?\n/).filter((_, k, all) => k < all.length - 1 || all[k] !== '');
  const lines = content.split(/\r?\n/).filter((_, k, all) => k < all.length - 1 || all[k] !== '');
  let best = { ratio: 0, at: -1 };
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    const ratio = similarity(wanted, lines.slice(i, i + wanted.length));
    if (ratio > best.ratio) best = { ratio, at: i };
  }
  if (best.ratio < 0.6) return '';
  const match = lines.slice(best.at, best.at + wanted.length);
  if (match[0] === wanted[0] && match.at(-1) === wanted.at(-1)) return match.join('\n');
  return lines
    .slice(Math.max(0, best.at - 5), Math.min(lines.length, best.at + wanted.length + 5))
    .join('\n');
}
