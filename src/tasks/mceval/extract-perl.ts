import { firstGroup } from './extract-shared.js';

/**
 * McEval's Perl code extraction (`extract_perl_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): a fenced block from its start through `sub <entry point>` to the fence, else
 * the text from its start through `sub <entry point>` to the first blank line followed by a
 * letter, else the first fenced block, else the whole text. Then `sub check… {` to the last `}`
 * and every `check(…);` call are dropped. McEval's program is that code, a blank line and the
 * row's test. The entry point goes into the patterns unescaped, as McEval's does.
 */
export function mcevalPerlCode(text: string, entryPoint: string): string {
  const code =
    firstGroup(text, [
      new RegExp(
        `\`\`\`(?:[Pp]erl)?[\\s\\S]*?((use)?[\\s\\S]*sub\\s+${entryPoint}[\\s\\S]*?)\`\`\``,
      ),
      new RegExp(`((use)?[\\s\\S]*sub\\s+${entryPoint}[\\s\\S]*?)(\\n\\n[a-zA-Z])`),
      /```(?:[Pp]erl)?([\s\S]*?)```/,
    ]) ?? text;
  return code.replace(/\s*sub\s+check\w*\s*\{[\s\S]*\}/g, '').replace(/check\s*\([\s\S]*?\);/g, '');
}
