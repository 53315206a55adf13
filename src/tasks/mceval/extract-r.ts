import { aroundLine, firstGroup, hoistImports, lineAt } from './extract-shared.js';

/**
 * McEval's R code extraction (`extract_r_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): the first fenced block from the entry point's name to the fence, else
 * `<entry point> <- function` to the last `}`, else the whole text. Comments are dropped (with
 * the blank space before them), `import` lines hoisted (a Python leftover, kept), the text
 * trimmed; then `check_function <- function(…) {` to the last `}`, every `check_function(…)` and
 * every line holding `print` are dropped. The first line holding `function`, `<-` and the entry
 * point is replaced by the row's prompt (with a `{` added when that line had one). McEval's
 * program is that, a newline and the row's test. The entry point goes into the patterns
 * unescaped, as McEval's does.
 */
export function mcevalRCandidate(
  text: string,
  row: { prompt: string; entryPoint: string },
): string {
  const block =
    firstGroup(text, [
      new RegExp(`\`\`\`(?:[Rr]\\n)?[\\s\\S]*?(${row.entryPoint}[\\s\\S]*?)\\n\`\`\``),
      new RegExp(`(${row.entryPoint}\\s*<-\\s*function[\\s\\S]*\\})`),
    ]) ?? text;
  const code = block.replace(/\s*#[^\n]*?\n/g, '\n');
  const { imports, rest } = hoistImports(code);
  const cleaned = rest
    .trim()
    .replace(/check_function\s*<-\s*function\s*\([\s\S]*?\)\s*\{[\s\S]*\}/g, '')
    .replace(/check_function\s*\([\s\S]*?\)/g, '');
  const lines = cleaned.split('\n').filter((line) => !line.includes('print'));
  const index = lines.findIndex(
    (l) => l.includes('function') && l.includes('<-') && l.includes(row.entryPoint),
  );
  const prompt = lineAt(lines, index).includes('{') ? `${row.prompt}{` : row.prompt;
  const [before, after] = aroundLine(lines, index);
  return `${imports}\n${before}\n${prompt}\n${after}`;
}
