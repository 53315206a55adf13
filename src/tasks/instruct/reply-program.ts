import { extractProgram } from '../../postprocess/extract.js';
import type { Problem } from '../types.js';

const IMPORT_LINE = /^(from\s+\S+\s+)?import\s+\S/;
const DEFINITION = /^(?:async\s+def|def|class)\s+([A-Za-z_]\w*)/;

/**
 * The top-level `def` / `class` blocks of a Python source, with their decorators, by name.
 * A block runs from its first unindented line to the next unindented line that is not a
 * decorator of the following definition; indented and blank lines belong to the block above.
 */
export function topLevelDefinitions(source: string): Map<string, string> {
  const blocks: string[][] = [];
  let pendingDecorators: string[] = [];
  for (const line of source.split('\n')) {
    if (/^@/.test(line)) pendingDecorators.push(line);
    else if (/^\S/.test(line)) {
      blocks.push([...pendingDecorators, line]);
      pendingDecorators = [];
    } else blocks.at(-1)?.push(line);
  }
  const definitions = new Map<string, string>();
  for (const block of blocks) {
    const header = block.find((line) => !line.startsWith('@')) ?? '';
    const name = DEFINITION.exec(header)?.[1];
    if (name !== undefined) definitions.set(name, `${block.join('\n').trimEnd()}\n`);
  }
  return definitions;
}

/**
 * Does Python `code` define `name` at any level (def, class, or a top-level assignment)? Stricter
 * than extract.ts's definesEntryPoint, which also matches calls: `return is_palindrome(s)` must
 * not count as defining the helper it calls.
 */
export function definesPythonName(code: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^(\\s*(async\\s+)?def\\s+${escaped}\\s*\\(|\\s*class\\s+${escaped}\\b|${escaped}\\s*(:[^=]*)?=[^=])`,
    'm',
  ).test(code);
}

/**
 * The candidate program for an instruct reply to a Python problem: extractProgram (fenced code,
 * the prompt's signature when the reply is a body only, the prompt's missing imports), then the
 * prompt's other top-level functions the code does not define. HumanEval/10, 32, 38 and 50 give
 * a helper in the prompt (`is_palindrome`, `poly`, `encode_cyclic`, `encode_shift`) that the
 * solution or the tests call; a chat model asked for "the function" rightly leaves it out, and
 * scoring that as a NameError would measure the harness, not the model. The helpers go after
 * the prompt's imports (their annotations are evaluated when defined) and before the code.
 */
export function pythonReplyProgram(problem: Problem, reply: string): string {
  const program = extractProgram(reply, {
    language: problem.language,
    prompt: problem.prompt,
    ...(problem.entryPoint === undefined ? {} : { entryPoint: problem.entryPoint }),
  });
  const missing = [...topLevelDefinitions(problem.prompt)]
    .filter(([name]) => name !== problem.entryPoint && !definesPythonName(program, name))
    .map(([, block]) => block);
  if (missing.length === 0) return program;
  const imports = problem.prompt.split('\n').filter((line) => IMPORT_LINE.test(line));
  return [...imports, '', ...missing, '', program].join('\n').replace(/^\n+/, '');
}
