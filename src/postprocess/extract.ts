/**
 * Code extraction for chat / instruct models, whose replies wrap code in prose and fences.
 * The rule, in order: fenced blocks tagged with the task's language, then untagged fences, then
 * any fence; among several, the one that defines the entry point, else the longest. Without
 * fences, the longest run of lines that look like code. Finally the program is made to keep
 * what the task needs: the prompt's signature when the reply omitted it, and (for Python) the
 * prompt's imports.
 */

export interface ExtractOptions {
  /** The task's language, e.g. 'python'; matched against fence tags with common aliases. */
  language: string;
  /** The completion-style prompt (signature + docstring) the benchmark's tests expect. */
  prompt: string;
  /** The function under test, e.g. 'has_close_elements'. */
  entryPoint?: string;
}

const ALIASES: Record<string, readonly string[]> = {
  python: ['python', 'py', 'python3', 'py3'],
  javascript: ['javascript', 'js', 'node', 'mjs'],
  typescript: ['typescript', 'ts'],
  cpp: ['cpp', 'c++', 'cc', 'cxx'],
  go: ['go', 'golang'],
  rust: ['rust', 'rs'],
  shell: ['shell', 'sh', 'bash'],
  java: ['java'],
};

interface Fence {
  tag: string;
  code: string;
}

/** Every fenced block (``` or ~~~), including a last one left open by a truncated reply. */
export function fencedBlocks(reply: string): Fence[] {
  const blocks: Fence[] = [];
  const opening = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n/gm;
  let match = opening.exec(reply);
  while (match !== null) {
    const fence = match[1] ?? '```';
    const start = match.index + match[0].length;
    const closing = new RegExp(
      `^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`,
      'm',
    );
    const rest = reply.slice(start);
    const end = closing.exec(rest);
    blocks.push({
      tag: (match[2] ?? '').toLowerCase(),
      code: end ? rest.slice(0, end.index) : rest,
    });
    if (!end) break;
    opening.lastIndex = start + end.index + end[0].length;
    match = opening.exec(reply);
  }
  return blocks;
}

/** Does `code` define `name` (def / function / fn / func / a C-like or assigned definition)? */
export function definesEntryPoint(code: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s*&])${escaped}\\s*(\\(|=|:|<)`, 'm').test(code);
}

function best(candidates: readonly string[], entryPoint: string | undefined): string | undefined {
  const defining = entryPoint ? candidates.filter((c) => definesEntryPoint(c, entryPoint)) : [];
  const pool = defining.length > 0 ? defining : candidates;
  return pool.reduce<string | undefined>(
    (a, b) => (a === undefined || b.length > a.length ? b : a),
    undefined,
  );
}

const CODE_LINE =
  /^(\s+\S|(def|class|import|from|return|if|elif|else|for|while|try|except|with|function|const|let|var|#include|public|package|fn|func)\b|[#@}\])]|.*[;{]\s*$|.*\w\s*=\s*\S|.*\w\(.*\)\s*$)/;

/** The longest run of lines that look like code (blank lines inside a run are kept). */
export function longestCodeRun(reply: string, entryPoint?: string): string | undefined {
  const runs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    while (current.length > 0 && current[current.length - 1]?.trim() === '') current.pop();
    if (current.length > 0) runs.push(`${current.join('\n')}\n`);
    current = [];
  };
  for (const line of reply.split('\n')) {
    if (CODE_LINE.test(line) || (line.trim() === '' && current.length > 0)) current.push(line);
    else flush();
  }
  flush();
  return best(runs, entryPoint);
}

/** The code a chat reply contains, by the rule above; the whole reply if nothing looks like code. */
export function extractCode(reply: string, language: string, entryPoint?: string): string {
  const blocks = fencedBlocks(reply);
  const aliases = ALIASES[language.toLowerCase()] ?? [language.toLowerCase()];
  const tiers = [
    blocks.filter((b) => aliases.includes(b.tag)),
    blocks.filter((b) => b.tag === ''),
    blocks,
  ];
  for (const tier of tiers) {
    const chosen = best(
      tier.map((b) => b.code),
      entryPoint,
    );
    if (chosen !== undefined && chosen.trim() !== '') return chosen;
  }
  return longestCodeRun(reply, entryPoint) ?? reply;
}

/**
 * The full candidate program from a chat reply: the extracted code, with the prompt prepended
 * when the reply lacks the entry point's definition but the prompt has it (the model answered
 * with a body only), and for Python the prompt's import lines the code does not repeat (chat
 * models routinely drop `from typing import List`, which would fail the tests on a NameError).
 */
export function extractProgram(reply: string, options: ExtractOptions): string {
  const code = extractCode(reply, options.language, options.entryPoint);
  const { entryPoint, prompt } = options;
  if (entryPoint && !definesEntryPoint(code, entryPoint) && definesEntryPoint(prompt, entryPoint)) {
    return prompt + code;
  }
  if (options.language.toLowerCase() !== 'python') return code;
  const missingImports = prompt
    .split('\n')
    .filter((line) => /^(from\s+\S+\s+)?import\s+\S/.test(line) && !code.includes(line.trim()));
  return missingImports.length > 0 ? `${missingImports.join('\n')}\n\n${code}` : code;
}
