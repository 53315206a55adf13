import { aroundLine, firstGroup, lineAt } from './extract-shared.js';

/**
 * McEval's PHP code extraction (`extract_php_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block's `function <entry point>` to the fence, else that
 * `function` to the last `}`, else the whole text. Then `function check…(…) {` to the last `}`,
 * every `check…(…);` call and every `?>` are dropped, and so is every line holding `echo`. The
 * first line holding `function` and the entry point is replaced by the row's prompt (with a `{`
 * added when that line had one), moved before the code. McEval's program is that, a newline and
 * the row's test. The entry point goes into the patterns unescaped, as McEval's does.
 */
export function mcevalPhpCandidate(
  text: string,
  row: { prompt: string; entryPoint: string },
): string {
  const code = (
    firstGroup(text, [
      new RegExp(
        `\`\`\`(?:[pP]hp\\n)?[\\s\\S]*?(function\\s+${row.entryPoint}[\\s\\S]*?)\\n\`\`\``,
      ),
      new RegExp(`(function\\s+${row.entryPoint}[\\s\\S]*\\})`),
    ]) ?? text
  )
    .replace(/function\s+check\w*\([\s\S]*?\)\s*\{[\s\S]*\}/g, '')
    .replace(/\s*check\w*\([\s\S]*?\)\s*;/g, '')
    .replace(/\?>/g, '');
  const lines = code.split('\n').filter((line) => !line.includes('echo'));
  const index = lines.findIndex((l) => l.includes('function') && l.includes(row.entryPoint));
  const prompt = lineAt(lines, index).includes('{') ? `${row.prompt}{` : row.prompt;
  const [before, after] = aroundLine(lines, index);
  return `${prompt}\n${before}\n${after}`;
}
