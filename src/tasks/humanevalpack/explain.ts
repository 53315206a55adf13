/**
 * HumanEvalPack's explain pair as bigcode-evaluation-harness runs it (humanevalpack.py,
 * HumanEvalExplainDescribeBase and HumanEvalExplainSynthesizeBase, `--prompt instruct`): first
 * the model describes the canonical solution in at most len(docstring) characters
 * (`humanevalexplaindescribe-LANG`, generation only), then it writes the function again from that
 * description alone (`humanevalexplainsynthesize-LANG --descriptions RUN`), which is scored.
 */
import {
  PACK_STOPS,
  type PackLanguage,
  type PackRow,
  promptBase,
  pyRstrip,
  pyStrip,
} from './prompt.js';

export interface ExplainRow extends PackRow {
  canonical_solution: string;
  docstring: string;
}

/** bigcode's LANGUAGE_TO_NAME, for the synthesize instruction. */
const LANGUAGE_NAME: Readonly<Record<PackLanguage, string>> = {
  python: 'Python',
  cpp: 'C++',
  js: 'JavaScript',
  java: 'Java',
  go: 'Go',
  rust: 'Rust',
};

/** Python's len(): code points, not UTF-16 units. */
const pyLen = (text: string) => [...text].length;

/** The describe prompt: the declaration + canonical body, then the instruction (no base after). */
export function describePrompt(row: ExplainRow, language: PackLanguage): string {
  const context = promptBase(row, language, false) + row.canonical_solution;
  const instruction = `Provide a concise natural language description of the code using at most ${pyLen(row.docstring)} characters.`;
  return pyStrip(`${context}\n${instruction}\n\n`);
}

/**
 * The description kept from a describe generation (the text after the prompt): stripped, cut to
 * len(docstring) characters, cut at the first stop word found (in list order), right-stripped,
 * and with every canonical-solution line longer than 20 characters removed (so a model cannot
 * pass the code itself on to the synthesize step).
 */
export function describeCut(row: ExplainRow, language: PackLanguage, generated: string): string {
  let text = [...pyStrip(generated)].slice(0, pyLen(row.docstring)).join('');
  for (const stop of PACK_STOPS[language]) {
    const at = text.indexOf(stop);
    if (at !== -1) text = text.slice(0, at);
  }
  text = pyRstrip(text);
  for (const raw of row.canonical_solution.split('\n')) {
    const line = pyStrip(raw);
    if (pyLen(line) > 20 && text.includes(line)) text = text.split(line).join('');
  }
  return text;
}

/** The synthesize prompt: the description, the instruction, a blank line, the declaration. */
export function explainSynthesizePrompt(
  row: PackRow,
  language: PackLanguage,
  description: string,
): string {
  const instruction = `Write functional code in ${LANGUAGE_NAME[language]} according to the description.`;
  return pyStrip(`${description}\n${instruction}\n\n${promptBase(row, language, false)}`);
}
