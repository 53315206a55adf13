import { beforeFence, escapeRegex, firstGroup, promptHead } from './extract-shared.js';

/** The row fields McEval's JavaScript and TypeScript extractions read. */
export interface McevalJsRow {
  prompt: string;
  signature: string;
}

/**
 * McEval's JavaScript and TypeScript code extraction (`extract_js_code` and `extract_ts_code`,
 * read at MCEVAL/McEval @ 09dec12, eval/extract/): the first fenced block's `const <signature>`
 * to the fence (the signatures are `function …`, so this rarely matches), else that `const` to the
 * end, else the first fenced block, else the whole text; cut at any fence left. Then every
 * `console.log(…);` is dropped, and so is everything from a `function check…() {` to the last
 * `}` and every `check…();` call (TypeScript drops the checks first, then the logs). The
 * candidate is the row's prompt without its last line (signature copies removed), a newline and
 * that code; McEval's program is the candidate, a newline and the row's test.
 */
export function mcevalJsCandidate(
  text: string,
  row: McevalJsRow,
  dialect: 'javascript' | 'typescript',
): string {
  const fence = dialect === 'javascript' ? '(?:[Jj](?:avascript|s))?' : '(?:[Tt](?:ypescript|s))?';
  const signature = escapeRegex(row.signature);
  const found = firstGroup(text, [
    new RegExp(`\`\`\`${fence}[\\s\\S]*?(const\\s+${signature}[\\s\\S]*?)\`\`\``),
    new RegExp(`(const\\s+${signature}[\\s\\S]*)`),
    new RegExp(`\`\`\`${fence}([\\s\\S]*?)\\n\`\`\``),
  ]);
  const code = found === undefined ? text : beforeFence(found);
  const cleaned =
    dialect === 'javascript' ? withoutChecks(withoutLogs(code)) : withoutLogs(withoutChecks(code));
  return `${promptHead(row.prompt, row.signature)}\n${cleaned}`;
}

function withoutLogs(code: string): string {
  return code.replace(/console\.log\([\s\S]*?\);/g, '');
}

function withoutChecks(code: string): string {
  return code
    .replace(/\s*function\s+check\w*\(\s*\)\s*\{[\s\S]*\}/g, '')
    .replace(/\s*check\w*\(\s*\)\s*;/g, '');
}
