/**
 * The value expression of a CRUXEval answer as upstream's assertion reads it. Upstream runs
 * `assert {output} == {answer}`, where a top-level comma starts the assertion's message: the
 * answer `1, 2` is compared as `1`. Judged outside, the answer is evaluated on its own (in the
 * candidate's process) and compared in the judge, so it is cut where upstream's parser would cut
 * it. Strings, brackets and comments are skipped; anything this scanner misreads only changes
 * which value this sample's own answer stands for, never how it is compared.
 */
export function answerExpression(answer: string): string {
  let depth = 0;
  let at = 0;
  while (at < answer.length) {
    const char = answer[at]!;
    if (char === '#') {
      const end = answer.indexOf('\n', at);
      at = end < 0 ? answer.length : end;
    } else if (char === '"' || char === "'") {
      at = afterString(answer, at);
    } else {
      if ('([{'.includes(char)) depth++;
      else if (')]}'.includes(char)) depth = Math.max(0, depth - 1);
      else if (char === ',' && depth === 0) return answer.slice(0, at).trim();
      at++;
    }
  }
  return answer;
}

/** The index after the string literal that opens at `start` (single or triple quoted). */
function afterString(text: string, start: number): number {
  const quote = text[start]!;
  const triple = text.startsWith(quote.repeat(3), start);
  const close = triple ? quote.repeat(3) : quote;
  let at = start + close.length;
  while (at < text.length) {
    if (text[at] === '\\') at += 2;
    else if (text.startsWith(close, at)) return at + close.length;
    else if (!triple && text[at] === '\n') return at;
    else at++;
  }
  return text.length;
}
