import { firstGroup } from './extract-shared.js';

const HEADER = '#lang racket\n(require rackunit)\n';

/**
 * McEval's Racket code extraction (`extract_racket_code`, read at MCEVAL/McEval @ 09dec12,
 * eval/extract/): a fenced block from its start through `(define (<entry point>` to the fence,
 * else `#lang racket` through that `(define` to the first blank line, else the first fenced
 * block, else everything after the first fence, else the whole text. `(module+ test …)` blocks
 * ending in a line that starts with `)` are dropped; `#lang racket` and `(require rackunit)` are
 * added when missing. McEval's program is that code, a blank line and the row's test.
 */
export function mcevalRacketCode(text: string, entryPoint: string): string {
  const code = (
    firstGroup(text, [
      new RegExp(
        `\`\`\`(?:[Rr]acket)?[\\s\\S]*?((#lang racket)?[\\s\\S]*?\\(define \\(\\s*${entryPoint}[\\s\\S]*?)\`\`\``,
      ),
      new RegExp(`((#lang racket)[\\s\\S]*?\\(define \\(\\s*${entryPoint}[\\s\\S]*?)(\\n\\n)`),
      /```(?:[Rr]acket)?([\s\S]*?)```/,
      /```(?:[Rr]acket)?([\s\S]*?)\n?$/,
    ]) ?? text
  ).replace(/\(module\+\s+test[\s\S]*?\n\)/g, '');
  if (!code.includes('#lang racket')) return `${HEADER}${code}`;
  if (code.includes('(require rackunit)')) return code;
  return code.split('#lang racket').join('#lang racket\n(require rackunit)\n');
}

/**
 * McEval's Scheme code extraction (`extract_scheme_code`, same commit): a fenced block from its
 * start through `(define (<entry point>` to the fence, else the text from its start through that
 * `(define` to the first blank line, else the first fenced block, else the whole text;
 * `#lang racket` and `(require rackunit)` put first when `#lang racket` is missing; then a
 * newline and `)` for every `(` left open. McEval runs it with `racket`, the row's test after a
 * blank line.
 */
export function mcevalSchemeCode(text: string, entryPoint: string): string {
  const found =
    firstGroup(text, [
      new RegExp(
        `\`\`\`(?:[Ss]cheme)?[\\s\\S]*?((#lang racket)?[\\s\\S]*?\\(define \\(\\s*${entryPoint}[\\s\\S]*?)\`\`\``,
      ),
      new RegExp(`((#lang racket)?[\\s\\S]*?\\(define \\(\\s*${entryPoint}[\\s\\S]*?)(\\n\\n)`),
      /```(?:[Ss]cheme)?([\s\S]*?)```/,
    ]) ?? text;
  const code = found.includes('#lang racket') ? found : `${HEADER}${found}`;
  let open = 0;
  for (const ch of code) open += ch === '(' ? 1 : ch === ')' ? -1 : 0;
  return code + '\n)'.repeat(Math.max(open, 0));
}
