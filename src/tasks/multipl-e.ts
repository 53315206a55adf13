import { z } from 'zod';
import { validateRows } from '../datasets/validate.js';
import type { Language } from '../execution/types.js';
import { adaptTests } from './multilang/multipl-e-tests.js';
import { braceCandidate, joinProgram } from './multilang/program.js';
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
const STOPS: Record<MultiplELanguage, readonly string[]> = {
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
 * MultiPL-E (Cassano et al., 2023): HumanEval translated by compilers from Python, prompt +
 * tests; the tests start by closing the function the prompt opened. No canonical solutions.
 */
export function multiplE(suffix: MultiplELanguage): Task {
  const language = LANGUAGES[suffix];
  const stops = STOPS[suffix];
  const task: Task = defineTask({
    name: `multipl-e-${suffix}`,
    description: `MultiPL-E HumanEval in ${language} (${suffix}); tests only, no reference solutions`,
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
          prompt: row.prompt,
          datasetPrompt: row.prompt,
          tests: adaptTests(suffix, row.tests),
          meta: { stopTokens: row.stop_tokens },
        }),
      );
    },
    postprocess: (problem, generation) => braceCandidate(problem, generation, stops, ''),
    // MultiPL-E's tests follow the completion directly: they open with the closing brace.
    program: (problem, candidate) => joinProgram(language, problem, candidate),
  });
  return task;
}
