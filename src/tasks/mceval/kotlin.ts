import { mcevalKotlinCode } from './extract-kotlin.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Kotlin generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Kotlin extraction (extract-kotlin.ts), a newline and the row's
 * test (`fun main()` of `check` calls, then `main()`) follow, and the program passes when
 * `kotlinc -script` runs it to its end within 25 s. McEval's `time_limit(25)` never fires: its
 * safe_subprocess.run kills every command at its own default 15 s and reports exit -1, a failure,
 * so a run of 15-25 s (the compiler's start-up under load) passes here and fails there.
 * Completion mode continues the row's `prompt` (doc comment and signature) and extracts from
 * prompt + completion.
 */
export const mcevalKotlin = mcevalTask({
  language: 'kotlin',
  dataName: 'Kotlin',
  sha256: '8f861dc4787fa40b5c94f0a215cf2ffe4b28872746b1c3d06040468be2d01a72',
  description:
    "McEval Kotlin (50 problems): the instruction as the chat message, McEval's Kotlin extraction, its checks under kotlinc -script",
  timeoutMs: 25_000,
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\nfun main', '\nmain()'],
  extract: (problem, text) =>
    mcevalKotlinCode(text, problem.datasetPrompt, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'kotlin', source: `${code}\n${problem.meta.test}` }),
});
