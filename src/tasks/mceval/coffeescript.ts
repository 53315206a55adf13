import { mcevalCoffeescriptCode } from './extract-coffeescript.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's CoffeeScript generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's CoffeeScript extraction (extract-coffeescript.ts,
 * which puts the row's prompt in place of the reply's declaration), the row's test follows after
 * a newline, and the program passes when `coffee` runs it to its end and exits 0 within McEval's
 * 15 s. Completion mode continues the row's `prompt` and extracts from prompt + completion.
 */
export const mcevalCoffeescript = mcevalTask({
  language: 'coffeescript',
  dataName: 'CoffeeScript',
  sha256: 'c1ebe2eed4c046a86946fea33a95bffd22e105fbbdd6ec43ef42d86fd7760d1a',
  description:
    "McEval CoffeeScript (50 problems): the instruction as the chat message, McEval's extraction, its tests under coffee",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\n# Test', '\ncheck = ', '\nmain = ', '\nconsole.log'],
  extract: (problem, text) =>
    mcevalCoffeescriptCode(text, problem.datasetPrompt, problem.entryPoint ?? ''),
  program: (problem, code) => ({
    language: 'coffeescript',
    source: `${code}\n${problem.meta.test}`,
  }),
});
