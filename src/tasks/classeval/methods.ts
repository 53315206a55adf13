import { leadingSpaces, pythonRstrip, RESPONSE_MARKERS } from './extract.js';

/**
 * ClassEval's method-level helpers (generation/inference_util.py `extract_method_code`,
 * `get_method_signature`, `add_desc_to_init`), rewritten here to behave the same: what its
 * incremental and compositional generation build prompts and classes with.
 */

const CODE_PATTERNS = [/```python([\s\S]*?)```/, /\[PYTHON\]([\s\S]*?)\[\/PYTHON\]/];
const FOUR = ' '.repeat(4);
const EIGHT = ' '.repeat(8);

/**
 * The code of method `name` in a model's output, indented as a method of a class:
 * `extract_method_code`. Text after the first response marker, then the first python fence;
 * from the first line holding `def name(`, the lines indented deeper than it (or empty),
 * re-indented to four spaces; `@staticmethod` before a def naming neither self nor cls; a
 * docstring left open is closed with `pass`. '' when no such def is found.
 */
export function extractMethodCode(output: string, name: string): string {
  let code = output;
  const marker = RESPONSE_MARKERS.find((m) => code.includes(m));
  if (marker) code = code.split(marker)[1]!;
  for (const pattern of CODE_PATTERNS) {
    const match = pattern.exec(code);
    if (match) {
      code = match[1]!;
      break;
    }
  }
  const lines = code.split('\n');
  const start = lines.findIndex((line) => line.includes(`def ${name}(`));
  if (start === -1) return '';
  const method = lines.slice(start).map((line) => (line === '```' || line === '\r' ? '' : line));
  // Upstream indexes the second line unguarded (an IndexError on a lone def line, which drops
  // the sample there); here a missing second line counts as unindented.
  if (leadingSpaces(method[1] ?? '') - leadingSpaces(method[0]!) > 4) method[0] = FOUR + method[0];
  const first = leadingSpaces(method[0]!);
  const end = method.findIndex(
    (line, i) => i > 0 && leadingSpaces(line) <= first && line.length > 0,
  );
  const kept = (end === -1 ? method : method.slice(0, end)).map(
    (line) => ' '.repeat(Math.max(0, 4 - first)) + line,
  );
  if (!kept[0]!.includes('self') && !kept[0]!.includes('cls')) kept.unshift(`${FOUR}@staticmethod`);
  const quotes = kept.filter((line) => line === `${EIGHT}"""` || line === `${FOUR}"""`).length;
  if (quotes % 2 === 1) kept.push(`${EIGHT}"""`, `${EIGHT}pass`);
  return `${pythonRstrip(kept.join('\n'))}\n`;
}

/** `get_method_signature`: the `def name(…):` of a method description, indented four spaces. */
export function methodSignature(description: string, name: string): string {
  const segment = description.split('):').find((part) => part.includes(`def ${name}(`));
  return segment === undefined ? '' : `${FOUR}${segment}):`;
}

/** `add_desc_to_init`: the class description put after the constructor's first line. */
export function addDescToInit(description: string, classInit: string): string {
  const lines = classInit.split('\n');
  lines[0] += ` \n${description}`;
  return lines.join('\n');
}
