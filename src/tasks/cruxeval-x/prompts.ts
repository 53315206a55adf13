import type { TaskChatMessage } from '../types.js';
import type { CruxevalXFile } from './languages.js';
import { functionPart, HOLE, type Mode, tokenOf } from './question.js';

/** One few-shot example of upstream's `datasets/examples/<lang>.json`. */
export interface Example {
  code: string;
  /** The call, e.g. `candidate(['mq', 'px'])`: the answer of input prediction. */
  inputs: string;
  /** The expected value, e.g. `3`: the answer of output prediction. */
  outputs: string;
}

export interface Shot {
  code: string;
  answer: string;
}

/**
 * An example as a question and its answer. Upstream reads the question's test from
 * `examples_preprocessed/<lang>.jsonl` (`given`, when the user has that file); else passk makes it
 * from the example: the code's test with the answer's last occurrence replaced by the token. That
 * gives upstream's text for 53 of the 57 examples; the other 4 (`LAYOUT_DIFFERS`) differ in layout.
 */
export function shotOf(lang: CruxevalXFile, mode: Mode, example: Example, given?: string): Shot {
  const answer = mode === 'input' ? example.inputs : example.outputs;
  const functionCode = functionPart(lang, example.code);
  if (given !== undefined) return { code: functionCode + given, answer };
  const test = example.code.slice(functionCode.length);
  const at = test.lastIndexOf(answer);
  const holed =
    at < 0 ? test : test.slice(0, at) + tokenOf(lang, mode) + test.slice(at + answer.length);
  return { code: functionCode + holed, answer };
}

/**
 * The (language, mode)s whose made shots differ from upstream's preprocessed ones: example 2's
 * test is laid out differently there (Lua's indentation, Perl's if/else, R's quoted list names).
 */
export const LAYOUT_DIFFERS: readonly string[] = [
  'lua-input',
  'lua-output',
  'pl-input',
  'pl-output',
  'r-output',
];

/** Upstream's task statement (inference/prompt.py), the same for completion and chat. */
function statement(lang: CruxevalXFile, mode: Mode): string {
  return mode === 'input'
    ? `You will be given a ${lang} function f and a check function, where you only know the output of the test case. Find any input such that executing f on the input leads to the given output. There may be multiple answers, but you should only output one. Think step by step before arriving at an answer. Finally, surround the answer, with no additional words, with [ANSWER] and [/ANSWER] tags. Express your answer as a function call that when executed will give the output.`
    : `Based on the given code, which may contain errors, complete the "${HOLE}" in assert statement with the output when executing the ${lang} code on the given test case. Do NOT output any extra information, even if the function is incorrect or incomplete. Do NOT output a description for the assert.`;
}

const fenced = (lang: CruxevalXFile, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

/** Upstream's completion prompt (`crux_input_prompt` / `crux_output_prompt`). */
export function completionPrompt(
  lang: CruxevalXFile,
  mode: Mode,
  shots: readonly Shot[],
  question: string,
): string {
  const examples = shots
    .map((shot) => `${fenced(lang, shot.code.trim())}\n[ANSWER]\n${shot.answer}\n[/ANSWER]\n`)
    .join('');
  return `${statement(lang, mode)}\n\n${examples.trimEnd()}\n${fenced(lang, question)}\n`;
}

/** Upstream's chat conversation (`crux_*_prompt_chat`, for models whose name has no "gpt"). */
export function chatConversation(
  lang: CruxevalXFile,
  mode: Mode,
  shots: readonly Shot[],
  question: string,
): TaskChatMessage[] {
  const ask = (code: string) => `${statement(lang, mode)}\n\n${fenced(lang, code)}`;
  return [
    {
      role: 'system',
      content: 'You are a helpful programming assistant designed to execute code.',
    },
    ...shots.flatMap((shot): TaskChatMessage[] => [
      { role: 'user', content: ask(shot.code.trim()) },
      { role: 'assistant', content: `[ANSWER]\n${shot.answer}\n[/ANSWER]` },
    ]),
    { role: 'user', content: ask(question) },
  ];
}

const CLOSE = '[/ANSWER]';

/** The text a server stopping at `[/ANSWER]` returns (upstream's only stop sequence). */
const stopped = (text: string) => text.split(CLOSE)[0] ?? '';

/** A completion's answer, as upstream's vLLM inference: `[ANSWER]` removed, trimmed. */
export function completionAnswer(generation: string): string {
  return stopped(generation).split('[ANSWER]').join('').trim();
}

/** A chat reply's answer, as upstream's OpenAI inference: after the last `[ANSWER]`, trimmed. */
export function chatAnswer(reply: string): string {
  const last = stopped(reply).split('[ANSWER]').at(-1) ?? '';
  return last.split('[/ANSWER').join('').trim();
}
