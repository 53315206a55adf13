import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import { isPythonSpace, pythonProgram, pythonStrip } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';

const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
  context: z.string(),
  instruction: z.string(),
});

/** bigcode's `--instruction_tokens`: user, end-of-turn and assistant delimiters. */
export type InstructionTokens = readonly [user: string, end: string, assistant: string];

/**
 * What bigcode falls back to without `--instruction_tokens` (utils.py,
 * TokenizedDataset._make_instruction_prompt): no delimiters, a newline before the answer.
 */
export const DEFAULT_INSTRUCTION_TOKENS: InstructionTokens = ['', '', '\n'];

/** An instruct problem's data: its context (imports, signature) and the tokens it was built with. */
export type InstructData = { context: string; instructionTokens: InstructionTokens };

/** bigcode's InstructHumanEval.__init__ stop words. */
export const INSTRUCT_HUMANEVAL_STOPS = ['if __name__', '\nprint', '\nclass'] as const;

export interface BigcodeInstructOptions {
  /** `instruct-humaneval` (the context, i.e. imports and signature, follows the instruction) or `-nocontext`. */
  withContext: boolean;
  tokens?: InstructionTokens;
  /** bigcode's `--prefix`, put before everything. */
  prefix?: string;
}

/** bigcode's `_stop_at_stop_token`: the text before the earliest stop. */
function stopAtStopToken(text: string, stops: readonly string[]): string {
  let end = text.length;
  for (const stop of stops) {
    const index = text.indexOf(stop);
    if (index !== -1 && index < end) end = index;
  }
  return text.slice(0, end);
}

/**
 * bigcode's `remove_after_return` (utils.py): the code up to the first non-empty line, after the
 * first one, that starts with something other than whitespace (the end of the function).
 */
export function removeAfterReturn(code: string): string {
  let seenLine = false;
  for (const match of code.matchAll(/[^\n]+(\n|$)/g)) {
    const start = match.index;
    if (seenLine && start < code.length && !isPythonSpace(code[start]!)) {
      return code.slice(0, start);
    }
    seenLine = true;
  }
  return code;
}

/** Python's `s[a:b]` for the indices bigcode uses (negative `b` counts from the end). */
const pySlice = (text: string, start: number, end?: number) => text.slice(start, end);

/**
 * bigcode's InstructHumanEvalWithContext.postprocess_generation: `text` is what follows the
 * assistant delimiter (the context, then the model's code).
 */
export function postprocessWithContext(
  text: string,
  entryPoint: string,
  stops: readonly string[] = INSTRUCT_HUMANEVAL_STOPS,
): string {
  const cut = stopAtStopToken(text, stops);
  const funcIndex = cut.indexOf(`def ${entryPoint}`);
  // Python's generation[0:-1] + remove_after_return(generation[-1:]) when not found.
  return (
    pySlice(cut, 0, funcIndex) + removeAfterReturn(cut.slice(funcIndex === -1 ? -1 : funcIndex))
  );
}

/** bigcode's InstructHumanEvalWithoutContext.postprocess_generation. */
export function postprocessWithoutContext(
  generation: string,
  context: string,
  entryPoint: string,
  stops: readonly string[] = INSTRUCT_HUMANEVAL_STOPS,
): string {
  const prefix = pySlice(context, 0, context.indexOf(`def ${entryPoint}`));
  let text = generation;
  const fence = text.indexOf('```');
  if (fence !== -1) {
    const isPython = text.slice(fence + 3, fence + 9) === 'python';
    text = text.slice(fence + (isPython ? 9 : 3));
  }
  text = stopAtStopToken(text, stops);
  let funcIndex = text.indexOf(`def ${entryPoint}`);
  if (funcIndex === -1) funcIndex = 0;
  let returnIndex = text.slice(funcIndex).lastIndexOf('  return ');
  if (returnIndex === -1) returnIndex = 0;
  let j = funcIndex + returnIndex;
  while (j < text.length && text[j] !== '\n') j++;
  const fence2 = text.indexOf('```');
  const end = fence2 === -1 ? j : Math.min(j, fence2);
  return `${pythonStrip(prefix)}\n${text.slice(funcIndex, end)}`;
}

/**
 * bigcode-evaluation-harness's `instruct-humaneval` / `instruct-humaneval-nocontext`
 * (tasks/instruct_humaneval.py) on the `codeparrot/instructhumaneval` dataset: the completion
 * prompt is `prefix + user + instruction + end + assistant + context` (utils.py,
 * `_make_instruction_prompt`; the context is empty without context), and the model's text is
 * post-processed as bigcode does (stop words, then the function up to its end). passk's own
 * chat form is `humaneval-instruct`.
 */
export function bigcodeInstructHumanEval(options: BigcodeInstructOptions): Task {
  const [user, end, assistant] = options.tokens ?? DEFAULT_INSTRUCTION_TOKENS;
  // generation.py: each given token that is not blank becomes a stop word too (the same list
  // the post-processing cuts at).
  const stops = [
    ...INSTRUCT_HUMANEVAL_STOPS,
    ...(options.tokens ?? []).filter((token) => pythonStrip(token) !== ''),
  ];
  const prefix = options.prefix ?? '';
  const name = options.withContext ? 'instruct-humaneval' : 'instruct-humaneval-nocontext';
  const task: Task<InstructData> = {
    name,
    description: `bigcode's ${name}: instruction${options.withContext ? ' + context (imports, signature)' : ''} as a completion prompt, instruction tokens ${JSON.stringify([user, end, assistant])}`,
    language: 'python',
    dataset: {
      hub: {
        repo: 'codeparrot/instructhumaneval',
        revision: '89da28c7dbd772fa9460882ca2259882c2d0907c',
        path: 'data/test-00000-of-00001-9014622c0aa47960.parquet',
      },
      localFile: 'instructhumaneval/instructhumaneval.jsonl',
    },
    defaultTimeoutMs: 3000,
    stopSequences: stops,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map((row): Problem<InstructData> => {
        const context = options.withContext ? row.context : '';
        return {
          id: row.task_id,
          language: 'python',
          prompt: prefix + user + row.instruction + end + assistant + context,
          datasetPrompt: row.prompt,
          tests: `\n${row.test}\ncheck(${row.entry_point})`,
          entryPoint: row.entry_point,
          reference: row.prompt + row.canonical_solution,
          meta: { context: row.context, instructionTokens: [user, end, assistant] },
        };
      });
    },
    postprocess(problem, generation) {
      // bigcode decodes prompt + generation and keeps what follows the assistant delimiter.
      const generated = generation.startsWith(problem.prompt)
        ? generation.slice(problem.prompt.length)
        : generation;
      const { context } = problem.meta;
      const entryPoint = problem.entryPoint ?? '';
      return options.withContext
        ? postprocessWithContext(context + generated, entryPoint, stops)
        : postprocessWithoutContext(generated, context, entryPoint, stops);
    },
    program: pythonProgram,
    referenceSemantics: 'human-eval',
  };
  return task;
}

/**
 * The task named `name` with bigcode's `--instruction_tokens USER,END,ASSISTANT` (split at
 * commas, taken literally, as bigcode does; an empty one is written as '').
 *
 * @throws ConfigError when the task is not one of bigcode's instruct tasks or the list is not 3 long
 */
export function withInstructionTokens(name: string, list: string): Task {
  if (name !== 'instruct-humaneval' && name !== 'instruct-humaneval-nocontext') {
    throw new ConfigError(
      `--instruction-tokens applies to instruct-humaneval(-nocontext), not '${name}'`,
    );
  }
  // Literally, as bigcode's generation.py: a shell turns '' into an empty token before either sees it.
  const tokens = list.split(',');
  if (tokens.length !== 3) {
    throw new ConfigError(
      `--instruction-tokens needs 3 comma-separated tokens, got ${tokens.length}`,
      {
        hint: "USER,END,ASSISTANT, e.g. '<|user|>,<|end|>,<|assistant|>'; an empty one is empty: '<|user|>,,<|assistant|>'",
      },
    );
  }
  return bigcodeInstructHumanEval({
    withContext: name === 'instruct-humaneval',
    tokens: tokens as unknown as InstructionTokens,
  });
}
