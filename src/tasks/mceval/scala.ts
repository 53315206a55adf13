import { harnessFile } from '../../execution/languages/kit/harness-template.js';
import { mcevalScalaCode } from './extract-scala.js';
import { mcevalTestsMarker } from './marker.js';
import { mcevalTask } from './rows.js';

/**
 * McEval runs Scala 3 (`scala -explain`), whose library is 2.13's; passk's Scala is Debian's 2.11.
 * The shim gives mutable collections 2.13's `addOne`/`addAll` (Scala/5's reference uses both);
 * other 2.13 or Scala 3 code still fails to compile here (docs/tasks.md).
 */
export const SCALA_213_SHIM = harnessFile(import.meta.url, 'scala213_compat.scala');

/**
 * McEval's Scala generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Scala extraction (extract-scala.ts: the row's prompt in place of
 * the entry point's `def` line, the object left open), the row's test follows (a `main` of
 * `assert`s in the prompt's object, and its last `}`), and the program passes when it compiles and
 * `main` returns within 15 s. Completion mode extracts from the prompt + completion.
 */
export const mcevalScala = mcevalTask({
  language: 'scala',
  dataName: 'Scala',
  sha256: 'ffdcd21386a168fe678747b93e536bf245eee330056724c5e4d06a73fb4eec6a',
  description:
    "McEval Scala (50 problems): the instruction as the chat message, McEval's Scala extraction, its assert tests",
  // A base model continuing the method stops before writing its own main.
  stopSequences: ['\n```', '\n  def main', '\ndef main'],
  extract: (problem, text) =>
    mcevalScalaCode(text, { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' }),
  program: (problem, code) => ({
    language: 'scala',
    source: `${SCALA_213_SHIM}${code}\n${mcevalTestsMarker('scala', problem)}\n${problem.meta.test}`,
  }),
});
