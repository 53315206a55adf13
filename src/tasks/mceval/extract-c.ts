import { testsMarker } from '../../execution/languages/kit/test-binding.js';
import type { Program } from '../../execution/types.js';
import { pythonStrip } from '../kit/python-program.js';
import type { Problem } from '../types.js';
import type { McevalData } from './rows.js';

/**
 * McEval's C/C++ answer extraction (eval/extract/extract_c_code.py `extract_ccpp_code` at
 * 09dec12), re-implemented: the first fenced block (```c, ```cpp, ```C++ or bare), else the text
 * from a line naming the entry point to the last `}`, else the whole reply; its `#include` lines
 * are hoisted, a `main` ending in `return 0;` and any `check*` function are dropped; then the
 * program is the includes + the prompt without its last line (and without the signature) + the
 * code + the row's test.
 */
export interface McevalCRow {
  prompt: string;
  signature: string;
  test: string;
  entryPoint: string;
}

/** The fields of a problem's McEval row that C and C++ programs are assembled from. */
export function mcevalCRow(problem: Problem<McevalData>): McevalCRow {
  return {
    prompt: problem.datasetPrompt,
    signature: problem.meta.signature,
    test: problem.meta.test,
    entryPoint: problem.entryPoint ?? '',
  };
}

const INCLUDE = /(#include\s+<[^>]+>)/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function codeOf(reply: string, entryPoint: string): string {
  // The `s` flag: `.` crosses lines, as upstream's re.DOTALL asks.
  const fenced = /```(?:[Cc](?:pp|\+\+|PP)?)?(.*?)\n```/s.exec(reply);
  if (fenced) return fenced[1] ?? '';
  const named = new RegExp(`(\\n.*?\\s+${escapeRegExp(entryPoint)}.*})`, 's').exec(reply);
  return named ? (named[1] ?? '') : reply;
}

/** McEval's C program for `reply` up to the row's test (the program is this + `\n` + test). */
export function mcevalCCandidate(reply: string, row: McevalCRow): string {
  let code = codeOf(reply, row.entryPoint);
  const includes = code.match(INCLUDE) ?? [];
  code = pythonStrip(code.replace(INCLUDE, '\n'));
  code = pythonStrip(code.replace(/int\s+main\s*\(.*?\)\s*\{.*?return 0;.*?\}/gs, ''));
  code = pythonStrip(code.replace(/void\s+check\w*\s*\(.*?\)\s*\{.*\}/gs, ''));
  let prompt = row.prompt.split('\n').slice(0, -1).join('\n');
  if (prompt.includes(row.signature)) prompt = prompt.replaceAll(row.signature, '');
  return `${includes.join('\n')}\n${prompt}\n${code}`;
}

/**
 * The row's tests as a translation unit of their own (passk, not McEval: see the c language's
 * link.sh): the prompt's lines before the signature (its includes, comments, types), the
 * signature as a declaration, then the test `main`.
 */
export function mcevalCTests(row: McevalCRow): string {
  let prompt = row.prompt.split('\n').slice(0, -1).join('\n');
  if (prompt.includes(row.signature)) prompt = prompt.replaceAll(row.signature, '');
  return `${prompt}\n${row.signature};\n${row.test}`;
}

/**
 * The candidate and the row's test `main` as one C or C++ program. McEval compiles them as one
 * file; passk's c and cpp runtimes compile the marked tests apart (link.sh), so no macro,
 * overload or symbol of the candidate's reaches them.
 */
export function mcevalCProgram(
  language: 'c' | 'cpp',
  problem: Problem<McevalData>,
  candidate: string,
): Program {
  const marker = testsMarker([problem.entryPoint ?? '']);
  return { language, source: `${candidate}\n${marker}\n${mcevalCTests(mcevalCRow(problem))}` };
}
