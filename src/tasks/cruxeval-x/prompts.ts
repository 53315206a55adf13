import { HOLE } from './assertion.js';

export type Mode = 'input' | 'output';

/** One few-shot example of upstream's `datasets/examples/<lang>.json`. */
export interface Example {
  code: string;
  /** The call, e.g. `candidate(['mq', 'px'])`. */
  inputs: string;
  /** The expected value, e.g. `3`. */
  outputs: string;
}

/** The call's arguments: the text between its first "(" and its last ")". */
export function callArguments(call: string): string {
  return call.slice(call.indexOf('(') + 1, call.lastIndexOf(')'));
}

/** An example as a question (its code with the hole) and its answer (the text the hole hides). */
export function exampleQuestion(example: Example, mode: Mode): { code: string; answer: string } {
  const code = example.code.trim();
  const shown = mode === 'input' ? example.inputs : example.outputs;
  const at = code.lastIndexOf(shown);
  if (mode === 'output') {
    return { code: spliced(code, at, shown.length, HOLE), answer: example.outputs };
  }
  const answer = callArguments(example.inputs);
  const withHole = example.inputs.replace(answer, HOLE);
  return { code: spliced(code, at, shown.length, withHole), answer };
}

function spliced(text: string, at: number, length: number, insert: string): string {
  if (at < 0) return text;
  return text.slice(0, at) + insert + text.slice(at + length);
}

function instruction(languageTitle: string, mode: Mode): string {
  const what = mode === 'input' ? 'an input of the function' : 'the output of the function';
  return `You are given a ${languageTitle} function and a test whose assertion has ${HOLE} in place of ${what}. Replace ${HOLE} with a literal (no unsimplified expressions, no function calls) so that the assertion passes when the provided code is executed, even if the function is incorrect or incomplete. Do NOT output any extra information. Write only the text that replaces ${HOLE} in [ANSWER] and [/ANSWER] tags, following the examples.`;
}

/** The few-shot prompt: instruction, each example with its answer, then the row's code. */
export function fewShotPrompt(
  languageTitle: string,
  mode: Mode,
  examples: readonly Example[],
  question: string,
): string {
  const shots = examples.map((example) => {
    const { code, answer } = exampleQuestion(example, mode);
    return `[CODE]\n${code}\n[/CODE]\n[ANSWER]\n${answer}\n[/ANSWER]\n\n`;
  });
  return `${instruction(languageTitle, mode)}\n\n${shots.join('')}[CODE]\n${question.trim()}\n[/CODE]\n[ANSWER]\n`;
}

/**
 * The answer in a reply: the text inside the first [ANSWER] … [/ANSWER] when the reply has the
 * tags (a chat reply), else the text before [/ANSWER] (a completion continues the prompt's open
 * [ANSWER]); trimmed.
 */
export function extractAnswer(reply: string): string {
  const open = reply.indexOf('[ANSWER]');
  const body = open >= 0 ? reply.slice(open + '[ANSWER]'.length) : reply;
  const close = body.indexOf('[/ANSWER]');
  return (close >= 0 ? body.slice(0, close) : body).trim();
}
