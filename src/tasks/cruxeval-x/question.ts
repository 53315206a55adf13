import { type CruxevalXFile, RUNNABLE } from './languages.js';

export type Mode = 'input' | 'output';

/** The hole of an assertion: upstream's `????`. */
export const HOLE = '????';

/**
 * One question as CRUXEval-X's inference builds it: the row's code up to its test (cut at the
 * first of the language's stops found), then the row's `input_reasoning` / `output_reasoning`
 * (the test with the hole). An answer replaces every `token` in it: `????` for output prediction,
 * the whole call (`candidate(????)`) for input prediction, whose answers are calls.
 */
export interface Question {
  /** The function(s) under test: the row's code before its test. */
  functionCode: string;
  /** The test with the hole (the row's reasoning field). */
  test: string;
  /** What an answer replaces. */
  token: string;
  /** The text the token stands for in the row's own code; absent when the test is not the code's. */
  truth?: string;
}

/** The code before the language's test, as upstream's `code.split(stop)[0]` cuts it. */
export function functionPart(lang: CruxevalXFile, code: string): string {
  const stop = RUNNABLE[lang].stops.find((s) => code.includes(s));
  return stop === undefined ? code : code.slice(0, code.indexOf(stop));
}

/** The answer's token of `mode` in language `lang`. */
export function tokenOf(lang: CruxevalXFile, mode: Mode): string {
  return mode === 'output' ? HOLE : RUNNABLE[lang].inputCall;
}

export function questionOf(lang: CruxevalXFile, mode: Mode, code: string, test: string): Question {
  const functionCode = functionPart(lang, code);
  const token = tokenOf(lang, mode);
  const truth = hiddenText(code.slice(functionCode.length), test, token);
  return { functionCode, test, token, ...(truth === undefined ? {} : { truth }) };
}

/** The question's text: what the prompt shows. */
export function questionText(question: Question): string {
  return question.functionCode + question.test;
}

/** Every token of the question replaced by `answer` (upstream's `str.replace`). */
export function filled(text: string, token: string, answer: string): string {
  return text.split(token).join(answer);
}

/** What `token` stands for in `original` (the code's own test), when the test is that test with one hole. */
function hiddenText(original: string, test: string, token: string): string | undefined {
  const parts = test.split(token);
  if (parts.length !== 2) return undefined;
  const [before, after] = parts as [string, string];
  const fits =
    original.startsWith(before) &&
    original.endsWith(after) &&
    before.length + after.length <= original.length;
  return fits ? original.slice(before.length, original.length - after.length) : undefined;
}
