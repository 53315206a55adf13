import { pythonStrip } from '../kit/python-program.js';
import { classCodeBlock, closedButOne } from './extract-java.js';

/** The text without the `}`s that close nothing (McEval's `remove_extra_braces`). */
function extraBracesRemoved(code: string): string {
  let open = 0;
  let kept = '';
  for (const char of code) {
    if (char === '{') open += 1;
    else if (char === '}') {
      if (open === 0) continue;
      open -= 1;
    }
    kept += char;
  }
  return kept;
}

const USING = /^using.*?$/gm;

/**
 * McEval's C# extraction (eval/extract/extract_csharp_code.py `extract_csharp_code` at 09dec12),
 * re-implemented up to the row's test: the code block's own `void Main(…)` is dropped, and so
 * are every `class X {` (public or not) and the last `}`, then every `}` that closes nothing; its
 * `using` lines are hoisted; the code from its first `{` on comes after the row's prompt (usings,
 * class head, doc comment, signature), closed with as many `}` as it leaves open but one (the
 * row's test, a `Main` and the class's last `}`, closes the class). Code without a `{` is
 * McEval's empty program (a failure).
 */
export function mcevalCsharpCode(
  text: string,
  row: { prompt: string; entryPoint: string },
): string {
  let code = classCodeBlock(text, row.entryPoint, '[Cc]sharp').replace(
    /\s*(?:public)*\s*(?:static)*\s*void\s+Main\s*\([\s\S]*?\)\s*\{[\s\S]*?\n\s*\}/g,
    '',
  );
  code = pythonStrip(code.replace(/(public)*\s*class\s+\w+\s*\{\s*|\s*\}\s*$/g, '\n'));
  code = extraBracesRemoved(code);
  const usings = code.match(USING) ?? [];
  code = pythonStrip(code.replace(USING, ''));
  const start = code.indexOf('{');
  if (start < 0) return '';
  return closedButOne(`${usings.join('\n')}\n${row.prompt}\n${code.slice(start)}`);
}
