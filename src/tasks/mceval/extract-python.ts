import { pythonStrip } from '../kit/python-program.js';

/**
 * McEval's Python code extraction (eval/extract/extract_python_code.py at 09dec12),
 * re-implemented: the first fenced block's `def <entry point>` up to the fence, else that `def`
 * up to the first line that is not indented, else the whole reply when it starts with `def `.
 * Import lines are hoisted; `check*()`/`test*()` functions with their calls, `assert` lines,
 * every line holding `print` and anything from a `__main__` line on are dropped; the line with
 * the entry point's `def` is replaced by the row's prompt. McEval appends the row's test.
 * Returns undefined when McEval finds no code (the answer then fails).
 */
export function mcevalPythonCandidate(
  reply: string,
  row: { prompt: string; entryPoint: string },
): string | undefined {
  const code = codeBlock(reply, row.entryPoint);
  if (code === undefined) return undefined;
  const imports = [
    ...(code.match(/^import.*?$/gm) ?? []),
    ...(code.match(/^from.*?import.*?$/gm) ?? []),
  ];
  const cleaned = pythonStrip(code.replace(/^import.*?$/gm, ''))
    .replace(/def\s+check\w*\(\s*\)\s*:.*?\s*check\w*\(\s*\)/gs, '')
    .replace(/def\s+test\w*\(\s*\)\s*:.*?\s*test\w*\(\s*\)/gs, '')
    .replace(/assert.*?\n/g, '');
  let lines = cleaned.split('\n').filter((line) => !line.includes('print'));
  const main = lines.findIndex((line) => line.includes('__main__'));
  if (main > 0) lines = lines.slice(0, main);
  const def = lines.findIndex((l) => l.trim().startsWith('def') && l.includes(row.entryPoint));
  // Upstream's index -1 (no such line) slices as Python does: all lines but the last, then all.
  const before = def === -1 ? lines.slice(0, -1) : lines.slice(0, def);
  return `${imports.join('\n')}\n${before.join('\n')}\n${row.prompt}\n${lines.slice(def + 1).join('\n')}`;
}

function codeBlock(reply: string, entryPoint: string): string | undefined {
  const name = entryPoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found =
    new RegExp(`\`\`\`(?:[Pp]ython\\n)?.*?(def\\s+${name}.*?)\\n\`\`\``, 's').exec(reply) ??
    new RegExp(`(def\\s+${name}.*?)(?:\\n(?!\\n*(?:  |\\t))|$)`, 's').exec(reply);
  if (found) return found[1] ?? '';
  return reply.startsWith('def ') ? reply : undefined;
}
