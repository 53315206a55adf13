/**
 * HumanEvalPack prompts and post-processing as bigcode-evaluation-harness builds them for its
 * default `--prompt instruct`: follows bigcode_eval/tasks/humanevalpack.py (HumanEvalPack.get_prompt,
 * get_prompt_base, HumanEvalFixBase.get_prompt, HumanEvalSynthesizeBase.get_prompt,
 * HumanEvalPackGenerative.remove_last_block and postprocess_generation).
 */

export type PackLanguage = 'python' | 'js' | 'java' | 'go' | 'cpp' | 'rust';
export type PackVariant = 'synthesize' | 'fixtests' | 'fixdocs';

export interface PackRow {
  prompt: string;
  declaration: string;
  buggy_solution: string;
  test: string;
  entry_point: string;
  instruction: string;
}

/** Python's str.isspace() characters (JavaScript's \s also strips U+FEFF, Python's does not). */
const PY_SPACE =
  '[\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING = new RegExp(`^${PY_SPACE}+`);
const TRAILING = new RegExp(`${PY_SPACE}+$`);

export const pyRstrip = (text: string) => text.replace(TRAILING, '');
export const pyStrip = (text: string) => pyRstrip(text).replace(LEADING, '');

/** bigcode's stop words per language (LANGUAGE_TO_STOP_WORDS) plus '<|endoftext|>'. */
export const PACK_STOPS: Readonly<Record<PackLanguage, readonly string[]>> = {
  python: ['\nclass', '\ndef', '\n#', '\n@', '\nprint', '\nif', '\nassert', '<|endoftext|>'],
  go: ['\n//', '\nfunc main(', 'struct', '\nfunc', '<|endoftext|>'],
  js: ['<|endoftext|>'],
  java: ['<|endoftext|>'],
  cpp: ['<|endoftext|>'],
  rust: ['<|endoftext|>'],
};

/** What the model continues: the prompt with docs, or (fix without docs) the declaration. */
export function promptBase(row: PackRow, language: PackLanguage, withDocs: boolean): string {
  if (withDocs) return row.prompt;
  return language === 'rust' ? `fn main(){}\n${row.declaration}` : row.declaration;
}

/** The `instruct` prompt: context (if any), the instruction, a blank line, the base; stripped. */
export function packPrompt(row: PackRow, language: PackLanguage, variant: PackVariant): string {
  if (variant === 'synthesize') {
    return pyStrip(`${pyStrip(row.instruction)}\n\n${promptBase(row, language, true)}`);
  }
  const base = promptBase(row, language, variant === 'fixdocs');
  const instruction = `Fix bugs in ${row.entry_point}.`;
  let context = base + row.buggy_solution;
  if (variant === 'fixtests') context += `\n${row.test}`;
  return pyStrip(`${context}\n${instruction}\n\n${base}`);
}

/** remove_last_block: cut at the stop words, then at the end of the first function. */
export function removeLastBlock(code: string, language: PackLanguage): string {
  let text = code;
  for (const stop of PACK_STOPS[language]) {
    const at = text.indexOf(stop);
    if (at !== -1) text = text.slice(0, at);
  }
  if (language === 'python') {
    const lines = text.split('\n');
    const end = lines.findIndex((l) => pyStrip(l).length > 0 && l[0] !== ' ' && l[0] !== '\t');
    return end === -1 ? text : lines.slice(0, end).join('\n');
  }
  return cutAtClosingBrace(text, language);
}

function cutAtClosingBrace(code: string, language: PackLanguage): string {
  let open = language === 'java' ? 2 : 1;
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '{') open++;
    else if (code[i] === '}') open--;
    if (open === 0) return code.slice(0, i + 1);
  }
  let text = code;
  if (language === 'java') {
    const main = text.indexOf('public static void main');
    if (main !== -1) text = `${text.slice(0, main)}}`;
    if (text.includes('}')) text = `${text.slice(0, text.lastIndexOf('}'))}}`;
    if (count(text, '{') - 1 === count(text, '}')) text += '\n}';
    return text;
  }
  return text.includes('}') ? `${text.slice(0, text.lastIndexOf('}'))}}` : text;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The candidate from a generation (the text after the prompt): the base the model continued,
 * right-stripped, + the generation cut by remove_last_block. Synthesize continues the prompt with
 * docs; fix continues the fix base.
 */
export function packCandidate(
  row: PackRow,
  language: PackLanguage,
  variant: PackVariant,
  generated: string,
): string {
  const base = promptBase(row, language, variant !== 'fixtests');
  return pyRstrip(base) + removeLastBlock(pyRstrip(generated), language);
}
