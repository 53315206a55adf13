/**
 * Files from a reply in Aider's "whole" edit format: each file's path on the line before its
 * fenced block (bare, or decorated as Aider tolerates: `**path**`, `` `path` ``, `# path`,
 * `path:`), or on the fence line itself (```python path). Paths are matched to the editable
 * files exactly, else by base name; a lone unnamed block is the file when there is only one.
 * Files the reply leaves out keep their stub.
 */
export function extractFiles(reply: string, editable: readonly string[]): Record<string, string> {
  const files: Record<string, string> = {};
  const unnamed: string[] = [];
  for (const block of fencedBlocks(reply)) {
    const name = matchName(block.fenceInfo, editable) ?? matchName(block.before, editable);
    if (name !== undefined) files[name] = block.body;
    // a block named after some other file (the tests) is not the lone file's either
    else if (!namesAFile(block.fenceInfo) && !namesAFile(block.before)) unnamed.push(block.body);
  }
  if (Object.keys(files).length === 0 && editable.length === 1 && unnamed.length > 0) {
    files[editable[0]!] = unnamed.at(-1)!;
  }
  return files;
}

interface Block {
  /** The fence line's text after the backticks. */
  fenceInfo: string;
  /** The last non-blank line before the fence. */
  before: string;
  body: string;
}

function fencedBlocks(reply: string): Block[] {
  const lines = reply.split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = /^\s*(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!open) {
      i++;
      continue;
    }
    const fence = open[1]!;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== fence) end++;
    let prev = i - 1;
    while (prev >= 0 && lines[prev]!.trim() === '') prev--;
    blocks.push({
      fenceInfo: open[2]!.trim(),
      before: prev >= 0 ? lines[prev]! : '',
      body: `${lines.slice(i + 1, end).join('\n')}\n`,
    });
    i = end + 1;
  }
  return blocks;
}

/** The editable file a line names, if any. */
function matchName(line: string, editable: readonly string[]): string | undefined {
  const words = line
    .replace(/[*`#:"']/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^\.\//, ''))
    .filter((word) => word !== '');
  for (const word of words.reverse()) {
    const exact = editable.find((path) => path === word);
    if (exact !== undefined) return exact;
    const byBase = editable.filter((path) => path.split('/').at(-1) === word.split('/').at(-1));
    if (byBase.length === 1) return byBase[0];
  }
  return undefined;
}

/** A line that is one path-like word once decorations are gone (`a_test.py`, `**src/x.rs**`). */
function namesAFile(line: string): boolean {
  const words = line
    .replace(/[*`#:"']/g, ' ')
    .trim()
    .split(/\s+/);
  return words.some((word) => /^[\w./-]+\.\w+$/.test(word));
}
