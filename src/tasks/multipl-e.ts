import { z } from 'zod';
import { validateRows } from '../datasets/validate.js';
import type { Language } from '../execution/types.js';
import { adaptTests } from './multilang/multipl-e-tests.js';
import { braceCandidate, joinProgram } from './multilang/program.js';
import { pythonStrip } from './python-program.js';
import { defineTask, type Problem, type Task } from './types.js';

const rowSchema = z.object({
  name: z.string(),
  prompt: z.string(),
  tests: z.string(),
  stop_tokens: z.array(z.string()),
});

/** MultiPL-E's file suffix → passk language. */
const LANGUAGES = {
  cpp: 'cpp',
  java: 'java',
  js: 'javascript',
  ts: 'typescript',
  go: 'go',
  rs: 'rust',
  sh: 'shell',
  // MultiPL-E's other languages (issue 17): the runtimes in src/execution/runtimes.
  php: 'php',
  rb: 'ruby',
  lua: 'lua',
  pl: 'perl',
  r: 'r',
  rkt: 'racket',
  scala: 'scala',
  cs: 'csharp',
  d: 'd',
} as const satisfies Record<string, Language>;
export type MultiplELanguage = keyof typeof LANGUAGES;

/** Each file's stop tokens (the same on every row; checked in the task's test). */
const DATASET_STOPS: Record<MultiplELanguage, readonly string[]> = {
  cpp: ['\n}'],
  java: ['\n    }\n'],
  js: ['\nfunction ', '\n/*', '\n//', '\nconsole.log'],
  ts: ['\nfunction ', '\n/*', '\n//', '\nclass'],
  go: ['\nfunc', 'struct', '\n// '],
  rs: ['\n}'],
  sh: ['\n}'],
  php: ['\nfunction', '\n?>', '\n//', '\n#'],
  rb: ['\nclass', '\ndef', '\n#', '\n\n'],
  lua: ['\nlocal', '\nfunction', '\n--', '\n\n'],
  pl: ['\nsub', '\n#', '\n\n'],
  r: ['\n#', '\n```'],
  rkt: ['\n(define ', '\n#|', '\n;', '\n('],
  scala: ['\n    }\n'],
  cs: ['\n    }\n'],
  d: ['\n\n', '\nvoid', '\nbool', '\nint'],
};

/**
 * bigcode-evaluation-harness's stop words for `multiple-LANG` (tasks/multiple.py,
 * GeneralMultiPLE.__init__): the first row's `stop_tokens` plus `<file_sep>`.
 */
export function multiplEStops(suffix: MultiplELanguage): readonly string[] {
  return [...DATASET_STOPS[suffix], '<file_sep>'];
}

/**
 * MultiPL-E (Cassano et al., 2023): HumanEval translated by compilers from Python, prompt +
 * tests; the tests start by closing the function the prompt opened. No canonical solutions.
 */
export function multiplE(suffix: MultiplELanguage): Task {
  const language = LANGUAGES[suffix];
  const stops = multiplEStops(suffix);
  const task: Task = defineTask({
    name: `multipl-e-${suffix}`,
    description: `MultiPL-E HumanEval in ${language} (${suffix}), prompt stripped as bigcode's multiple-${suffix}; tests only, no reference solutions`,
    language,
    dataset: {
      // Not verified against the Hub: the local file (shared data) is what the tests use.
      hub: { repo: 'nuprl/MultiPL-E', revision: 'main', path: `humaneval-${suffix}/test.parquet` },
      localFile: `multipl-e/humaneval-${suffix}.jsonl`,
    },
    defaultTimeoutMs: 10_000,
    stopSequences: stops,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): Problem => ({
          id: row.name,
          language,
          // bigcode: `doc["prompt"].strip()` (tasks/multiple.py, GeneralMultiPLE.get_prompt), so
          // a stop sequence that starts with a newline can match right after the prompt.
          prompt: pythonStrip(row.prompt),
          datasetPrompt: row.prompt,
          tests: adaptTests(suffix, row.tests),
          // bigcode's get_reference is the dataset's tests as they are (references.json).
          meta: { stopTokens: row.stop_tokens, bigcodeReference: row.tests },
        }),
      );
    },
    postprocess: (problem, generation) => braceCandidate(problem, generation, stops, ''),
    // MultiPL-E's tests follow the completion directly: they open with the closing brace.
    program: (problem, candidate) => joinProgram(language, problem, candidate),
  });
  return task;
}
