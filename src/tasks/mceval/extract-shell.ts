import { firstGroup } from './extract-shared.js';

/**
 * McEval's Shell code extraction (`extract_shell_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block's `<entry point>()` to the fence, else that `()` to the
 * last blank line followed by a letter and `}`, else the first fenced block, else the whole text.
 * A leading `sh` (the rest of a ```sh fence) is dropped and a newline added. McEval's program is
 * that code, a blank line and the row's test. The entry point goes into the patterns unescaped,
 * as McEval's does.
 */
export function mcevalShellCode(text: string, entryPoint: string): string {
  const code =
    firstGroup(text, [
      new RegExp(`\`\`\`(?:[Bb]ash)?[\\s\\S]*?(${entryPoint}\\s*\\(\\)[\\s\\S]*?)\`\`\``),
      new RegExp(`(${entryPoint}\\s*\\(\\)[\\s\\S]*)(\\n\\n[a-zA-Z]\\})`),
      /```(?:[Bb]ash)?([\s\S]*?)```/,
    ]) ?? text;
  return `${code.startsWith('sh') ? code.slice(2) : code}\n`;
}
