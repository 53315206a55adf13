import { isPythonSpace, pythonStrip } from '../kit/python-program.js';

/**
 * ClassEval's code extraction (classeval_evaluation/test_pipeline.py `extract_code`, for every
 * model but InCoder) and its `add_static_statement`, rewritten here to behave the same.
 */

/** Markers after which a decoded output holds the response (upstream keeps the text up to the next). */
export const RESPONSE_MARKERS = ['### Response:', '@@ Response:', '[/INST]'];

/**
 * Upstream's patterns, tried in order, first match wins. `python(.*?)` with nothing after it
 * matches the empty string: an unclosed ```python fence yields no code, as upstream.
 */
const CODE_PATTERNS = [
  /```python([\s\S]*?)```/,
  /```ruby([\s\S]*?)```/,
  /```scss([\s\S]*?)```/,
  /```python()/,
  /```([\s\S]*?)```/,
  /\[PYTHON\]([\s\S]*?)\[\/PYTHON\]/,
];

/** Python's `str.rstrip()`. */
export function pythonRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && isPythonSpace(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Python's `len(s) - len(s.lstrip())`. */
export function leadingSpaces(line: string): number {
  let start = 0;
  while (start < line.length && isPythonSpace(line[start]!)) start++;
  return start;
}

/** The code of a model's output, as ClassEval's `extract_code` finds it. */
export function extractClassCode(output: string): string {
  let text = pythonRstrip(output);
  const marker = RESPONSE_MARKERS.find((m) => text.includes(m));
  // Python's text.split(marker)[1]: between the first occurrence and the next.
  if (marker) text = text.split(marker)[1]!;
  for (const pattern of CODE_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[1]!;
  }
  return reindentClass(dropProse(text));
}

/**
 * Lines before the first `class` line that are not imports are prose; upstream then drops every
 * line equal to one of them, wherever it is (blank lines included), and so does this.
 */
function dropProse(text: string): string {
  const lines = text.split('\n');
  const removed = new Set<string>();
  for (const line of lines) {
    const stripped = pythonStrip(line);
    if (stripped.startsWith('class')) break;
    if (!stripped.startsWith('import') && !stripped.startsWith('from')) removed.add(line);
  }
  return lines.filter((line) => !removed.has(line)).join('\n');
}

/** A class whose signature line is indented is shifted left by that indent, keeping the rest relative. */
function reindentClass(text: string): string {
  const lines = text.split('\n');
  const signature = lines.find((line) => pythonStrip(line).startsWith('class'));
  const indent = signature === undefined ? 0 : leadingSpaces(signature);
  if (indent === 0) return text;
  return lines
    .map((line) => {
      const shift = Math.max(0, leadingSpaces(line) - indent);
      return ' '.repeat(shift) + line.slice(leadingSpaces(line));
    })
    .join('\n');
}

/**
 * Upstream's `add_static_statement`: every `@staticmethod` line is dropped, then one is put
 * before each method (a `def ` four spaces in) whose line names neither `self` nor `cls`.
 */
export function addStaticStatement(code: string): string {
  const lines = code.split('\n').filter((line) => !line.includes('@staticmethod'));
  return lines
    .flatMap((line) =>
      pythonStrip(line).startsWith('def ') &&
      !line.includes('self') &&
      !line.includes('cls') &&
      leadingSpaces(line) === 4
        ? ['    @staticmethod', line]
        : [line],
    )
    .join('\n');
}
