import { mcevalGroovyCode } from './extract-groovy.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Groovy generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Groovy extraction (extract-groovy.ts), a newline and the row's
 * top-level asserts follow, and the program passes when `groovy` runs it to its end within
 * McEval's 15 s. A failed extraction is an empty candidate: McEval runs an empty file (a pass),
 * passk runs the tests against nothing (a failure). Completion mode continues the row's `prompt`
 * (class, method head and docstring) and extracts from prompt + completion.
 */
export const mcevalGroovy = mcevalTask({
  language: 'groovy',
  dataName: 'Groovy',
  sha256: 'ee285374fcea58225d8a3ef91c9286235eef89f31427dc46fb27d5d8a41412e9',
  description:
    "McEval Groovy (50 problems): the instruction as the chat message, McEval's Groovy extraction, its asserts under groovy",
  // A base model continuing the method stops before writing its own checks.
  stopSequences: ['\n```', '\nassert ', '\n// Test', '\ndef check'],
  extract: (problem, text) =>
    mcevalGroovyCode(text, problem.datasetPrompt, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'groovy', source: `${code}\n${problem.meta.test}` }),
});
