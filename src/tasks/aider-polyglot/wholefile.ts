import type { Fence } from './aider-prompts.js';
import { EditFormatError, linesOf } from './editblock.js';

type Source = 'block' | 'saw' | 'chat';
interface Listing {
  path: string;
  source: Source;
  lines: string[];
}

/** The name on the line before a fence, as aider cleans it (`**x.py**`, `x.py:`, `` `x.py` ``, `# x.py`). */
function nameBefore(line: string, chatFiles: readonly string[]): string {
  let name = line
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .replace(/:+$/, '')
    .replace(/^`+|`+$/g, '')
    .replace(/^#+/, '')
    .trim();
  if (name.length > 250) name = '';
  // a bogus folder before a chat file's name (the prompt's path/to/ example)
  const base = name.split('/').at(-1)!;
  if (name !== '' && !chatFiles.includes(name) && chatFiles.includes(base)) name = base;
  return name;
}

/**
 * The file listings of a reply in aider's "whole" format, as WholeFileCoder.get_edits reads
 * them: a line starting with the fence opens (or closes) a listing; its file is the line before
 * it, else a chat file the text named in backticks, else the only chat file; a listing with none
 * of these makes the reply malformed. For a file listed twice the better-named listing wins.
 */
export function wholeFileListings(
  reply: string,
  chatFiles: readonly string[],
  fence: Fence,
): Record<string, string> {
  const lines = linesOf(reply);
  const listings: Listing[] = [];
  let open: Listing | undefined;
  let saw: string | undefined;
  lines.forEach((line, i) => {
    if (line.startsWith(fence[0]) || line.startsWith(fence[1])) {
      if (open) {
        listings.push(open);
        open = undefined;
        saw = undefined;
        return;
      }
      const name = i > 0 ? nameBefore(lines[i - 1]!, chatFiles) : '';
      if (name !== '') open = { path: name, source: 'block', lines: [] };
      else if (saw !== undefined) open = { path: saw, source: 'saw', lines: [] };
      else if (chatFiles.length === 1) open = { path: chatFiles[0]!, source: 'chat', lines: [] };
      else throw new EditFormatError(`No filename provided before ${fence[0]} in file listing`);
    } else if (open) open.lines.push(line);
    else {
      for (const word of line.trim().split(/\s+/)) {
        const bare = word.replace(/[.:,;!]+$/, '');
        const named = chatFiles.find((file) => bare === `\`${file}\``);
        if (named !== undefined) saw = named;
      }
    }
  });
  // an unclosed last listing counts
  if (open) listings.push(open);
  const files: Record<string, string> = {};
  for (const source of ['block', 'saw', 'chat'] as const) {
    for (const listing of listings) {
      if (listing.source === source && !(listing.path in files))
        files[listing.path] = listing.lines.join('');
    }
  }
  return files;
}
