import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Language } from '../../execution/types.js';
import { mergeGoImports } from '../multilang/go-imports.js';
import { braceCandidate, joinProgram } from '../multilang/program.js';
import { rustTestsAsMain } from '../multilang/rust-tests.js';
import type { Problem, Task } from '../types.js';

const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  declaration: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  test_setup: z.string().optional(),
});
type Row = z.infer<typeof rowSchema>;

/** One HumanEval-X language: its data folder, how a row becomes a problem, where to stop. */
interface Variant {
  dir: 'cpp' | 'go' | 'java' | 'js' | 'rust';
  language: Language;
  stops: readonly string[];
  /** Appended after the cut: closes what the stop sequence cut off (the tests do not). */
  suffix: string;
  problem(row: Row): { prompt: string; tests: string; head: string; declarations?: string };
}

const FENCE = '\n```';

const VARIANTS: Record<Variant['dir'], Variant> = {
  cpp: {
    dir: 'cpp',
    language: 'cpp',
    stops: ['\n}', FENCE],
    suffix: '\n}',
    // The declaration's headers (<algorithm>, <stdlib.h>, …) that the prompt leaves out: the
    // canonical solutions need them, so every candidate gets them too.
    // The tests are compiled apart from the candidate (cppProgram), after the declaration.
    problem: (row) => ({
      prompt: row.prompt,
      tests: row.test,
      head: headerLines(row.declaration),
      declarations: row.declaration,
    }),
  },
  go: {
    dir: 'go',
    language: 'go',
    stops: ['\n}', FENCE],
    suffix: '\n}',
    // test_setup is `package main` + imports (testing, testify's assert); it must come first.
    problem: (row) => ({ prompt: row.prompt, tests: row.test, head: row.test_setup ?? '' }),
  },
  java: {
    dir: 'java',
    language: 'java',
    stops: ['\n    }\n', FENCE],
    suffix: '\n    }\n}',
    problem: (row) => ({ prompt: row.prompt, tests: row.test, head: '' }),
  },
  js: {
    dir: 'js',
    language: 'javascript',
    stops: ['\n}', FENCE],
    suffix: '\n}',
    problem: (row) => ({ prompt: row.prompt, tests: row.test, head: '' }),
  },
  rust: {
    dir: 'rust',
    language: 'rust',
    stops: ['\n}', FENCE],
    suffix: '\n}',
    // The prompt is only the doc comment; the signature is in the declaration, whose `use` of
    // the rand, regex and md5 crates the Rust runtime provides (as the original Cargo.toml).
    problem: (row) => ({
      prompt: row.prompt + row.declaration,
      tests: rustTestsAsMain(row.test),
      head: '',
    }),
  },
};

function headerLines(declaration: string): string {
  const lines = declaration.split('\n').filter((l) => /^\s*(#include|using namespace)/.test(l));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * A HumanEval-X problem's data: what goes before the candidate (C++'s headers, else ''), and
 * (C++) the declaration its tests are compiled with.
 */
export type HumanEvalXData = { head: string; declarations?: string };
export type HumanEvalXProblem = Problem<HumanEvalXData>;

/** HumanEval-X (Zheng et al., 2023, CodeGeeX): HumanEval hand-translated, with canonical solutions. */
export function humanEvalX(dir: Variant['dir']): Task<HumanEvalXData> {
  const variant = VARIANTS[dir];
  const task: Task<HumanEvalXData> = {
    name: `humaneval-x-${dir}`,
    description: `HumanEval-X ${dir}: 164 HumanEval problems translated by hand, canonical solutions included`,
    language: variant.language,
    dataset: {
      // Not verified against the Hub: the local file (shared data) is what the tests use.
      hub: {
        repo: 'THUDM/humaneval-x',
        revision: 'main',
        path: `data/${dir}/data/humaneval.jsonl.gz`,
      },
      localFile: `humaneval-x/${dir}/humaneval_${dir}.jsonl.gz`,
    },
    defaultTimeoutMs: 10_000,
    stopSequences: variant.stops,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map((row): HumanEvalXProblem => {
        const { prompt, tests, head, declarations } = variant.problem(row);
        return {
          id: row.task_id,
          language: variant.language,
          prompt,
          datasetPrompt: row.prompt,
          tests,
          reference: prompt + row.canonical_solution,
          meta: declarations === undefined ? { head } : { head, declarations },
        };
      });
    },
    postprocess: (problem, generation) =>
      braceCandidate(problem, generation, variant.stops, variant.suffix),
    program: (problem, candidate) => {
      const program = joinProgram(variant.language, problem, candidate);
      return dir === 'go' ? { ...program, source: mergeGoImports(program.source) } : program;
    },
  };
  return task;
}
