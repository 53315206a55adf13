import {
  codeExtract,
  reachable,
  type Statement,
  topLevelStatements,
} from '../bigcodebench/sanitize.js';
import { pythonStrip } from '../kit/python-program.js';

/**
 * What EvalPlus asks a chat model over the OpenAI API (evalplus/codegen.py builds the prompt as
 * `prompt.strip() + "\n"`, evalplus/provider/openai.py sends `instruction_prefix + "\n```python\n"
 * + prompt.strip() + "\n```"`). EvalPlus also sends the system message "You are a helpful
 * assistant good at coding." (gen/util/openai_request.py): give it with --system-prompt.
 */
export const EVALPLUS_INSTRUCTION_PREFIX =
  'Please provide a self-contained Python script that solves the following problem in a markdown code block:';

export function evalPlusInstruction(datasetPrompt: string): string {
  const fence = '```';
  return `${EVALPLUS_INSTRUCTION_PREFIX}\n${fence}python\n${pythonStrip(datasetPrompt)}\n${fence}`;
}

/**
 * EvalPlus's sanitize(code, entrypoint) (evalplus/sanitize.py), which its codegen applies to every
 * output before writing samples.jsonl: the longest parsable run of lines (code_extract), then its
 * imports and the classes, functions *that contain a return statement* and simple assignments the
 * entry point reaches (the first definition of a name wins), in source order; decorated
 * definitions, `if __name__` blocks and other statements are dropped. When nothing is left, the
 * extracted run itself. (BigCodeBench's sanitizer, which passk also has, differs: it keeps
 * functions without a return and cuts trailing uses of the entry point.)
 */
export function evalPlusSanitize(code: string, entryPoint: string): string {
  const extracted = codeExtract(code);
  const imports: string[] = [];
  const definitions: Statement[] = [];
  const defined = new Set<string>();
  for (const statement of topLevelStatements(extracted)) {
    if (statement.kind === 'import') imports.push(statement.text);
    else if (statement.kind === 'other') continue;
    else if (statement.kind === 'function' && !hasReturn(statement)) continue;
    else if (statement.name === undefined || !defined.has(statement.name)) {
      if (statement.name !== undefined) defined.add(statement.name);
      definitions.push(statement);
    }
  }
  const keep = reachable(definitions, entryPoint);
  const kept = definitions.filter((d) => d.name !== undefined && keep.has(d.name));
  const output = pythonStrip([...imports, ...kept.map((d) => d.text)].join('\n'));
  return output === '' ? extracted : output;
}

function hasReturn(statement: Statement): boolean {
  return statement.tokens.some((token) => token.kind === 'keyword' && token.text === 'return');
}
