import { beforeFence, escapeRegex, firstGroup, promptHead } from './extract-shared.js';

/**
 * McEval's Lua code extraction (`extract_lua_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): a ```lua block holding `local <signature>` (or starting with the signature),
 * else the first ```lua block, else the first fenced block, else `function <entry point>` to the
 * last `end`, else the whole text; cut at any fence left. Then `--[[ … ]]--` comments, every
 * `print(…)` statement ending its line, and a `function check(…) … check(…)` are dropped. The
 * candidate is the row's prompt without its last line (signature copies removed), a newline and
 * that code; McEval's program is the candidate, a newline and the row's test. The entry point goes
 * into the pattern unescaped, as McEval's does.
 */
export function mcevalLuaCandidate(
  text: string,
  row: { prompt: string; signature: string; entryPoint: string },
): string {
  const signature = escapeRegex(row.signature);
  const found = firstGroup(text, [
    new RegExp(`\`\`\`lua([\\s\\S]*?local\\s+${signature}[\\s\\S]*?|${signature}[\\s\\S]*?)\`\`\``),
    /```lua([\s\S]*?)\n```/,
    /```([\s\S]*?)```/,
    new RegExp(`(function\\s+${row.entryPoint}[\\s\\S]*end)`),
  ]);
  const code = (found === undefined ? text : beforeFence(found))
    .replace(/--\[\[[\s\S]*?\]\]--/g, '')
    .replace(/print\([\s\S]*?\)\s*\n/g, '')
    .replace(/function\s+check\s*\([\s\S]*?\)[\s\S]*end[\s\S]*check\([\s\S]*\)/g, '');
  return `${promptHead(row.prompt, row.signature)}\n${code}`;
}
