import { javaAssertsAsThrows } from '../multilang/harden-tests.js';
import { mcevalJavaCode } from './extract-java.js';
import { mcevalTestsMarker } from './marker.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Java generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Java extraction (extract-java.ts: the row's prompt, then the
 * reply's code from its first `{`, the class left open), the row's test follows (a `main` in the
 * prompt's class, and the class's last `}`), and the program passes when it compiles and its
 * `main` (the JVM run with `-ea`, as McEval's `java -ea`) returns within 15 s. Completion mode
 * extracts from the prompt + completion.
 */
export const mcevalJava = mcevalTask({
  language: 'java',
  dataName: 'Java',
  sha256: '89578a76b083167ed28ae8c5c860ac24b7ce370ddade2142d9aa2e30fa64fed7',
  description:
    "McEval Java (53 problems): the instruction as the chat message, McEval's Java extraction, its test main",
  // A base model continuing the method stops before writing its own main.
  stopSequences: ['\n```', '\n    public static void main', '\npublic static void main'],
  extract: (problem, text) =>
    mcevalJavaCode(text, { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' }),
  // The tests' `assert` lines become throws no candidate can switch off (harden-tests.ts); the
  // marker lets the runtime refuse a candidate that redeclares a name the tests use.
  program: (problem, code) => ({
    language: 'java',
    source: `${code}\n${mcevalTestsMarker('java', problem)}\n${javaAssertsAsThrows(problem.meta.test)}`,
  }),
});
