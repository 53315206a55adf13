import { z } from 'zod';
import { readHarnessFile } from '../../core/harness-files.js';
import { validateRows } from '../../datasets/validate.js';
import type { Language, Program } from '../../execution/types.js';
import { type HumanEvalXProblem, humanEvalX } from '../humaneval-x/task.js';
import { functionsUnderTest } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';
import {
  PACK_STOPS,
  type PackLanguage,
  type PackVariant,
  packCandidate,
  packPrompt,
  promptBase,
  pyStrip,
} from './prompt.js';

export const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  declaration: z.string(),
  canonical_solution: z.string(),
  buggy_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
  instruction: z.string(),
  test_setup: z.string().optional(),
  docstring: z.string().optional(),
});
export type Row = z.infer<typeof rowSchema>;

/**
 * A HumanEvalPack problem's data: its row; what a model that returned the bug unchanged would
 * give; and, for the languages other than Python, HumanEval-X's problem its program is built from.
 */
export type PackData = { row: Row; buggy: string; x: HumanEvalXProblem | undefined };
export type PackProblem = Problem<PackData>;

export const RUNTIME: Readonly<Record<PackLanguage, Language>> = {
  python: 'python',
  js: 'javascript',
  java: 'java',
  go: 'go',
  cpp: 'cpp',
  rust: 'rust',
};

/**
 * bigcode's Python IMPORT_HELPER (python_imports.py, one import a line), put before every Python
 * program, minus `import numpy` and `import numpy as np`: the sandbox's Debian python3 has no
 * numpy, and with them every program would fail (no HumanEvalPack solution uses numpy).
 */
const PYTHON_IMPORTS = readHarnessFile(import.meta.url, 'python_imports.py');

/** Python: imports + candidate, stripped, then the tests (which call check). */
function pythonProgram(problem: Problem, candidate: string): Program {
  const module = pyStrip(`${PYTHON_IMPORTS}${candidate}`);
  return {
    language: 'python',
    source: `${module}\n\n${problem.tests}\n`,
    // Outside judging: the module serves the calls, the tests run in the judge process.
    functionServer: {
      candidate: `${module}\n`,
      tests: `\n${problem.tests}\n`,
      entryPoints: functionsUnderTest(problem),
    },
  };
}

/** bigcode's Go IMPORT_HELPER: packages added when the code uses them without importing them. */
const GO_PACKAGES = [
  'math',
  'strings',
  'fmt',
  'strconv',
  'time',
  'bytes',
  'regexp',
  'sort',
  'math/rand',
  'crypto/md5',
];

/**
 * bigcode's Go fix-up (process_results): an import block for every helper package the code uses
 * (`name.` on a line that is not a `//` comment) but does not import. The fix base is the bare
 * declaration, so a body using `math` needs it; humaneval-x's import merging then joins the blocks.
 */
export function goPackagesUsed(code: string): string {
  const lines = code.split('\n').filter((line) => !line.trim().startsWith('//'));
  const used = GO_PACKAGES.filter((pkg) => {
    const name = pkg.split('/').at(-1)!;
    return !code.includes(`"${pkg}"`) && lines.some((line) => line.includes(`${name}.`));
  });
  return used.length === 0 ? '' : `import (\n${used.map((p) => `    "${p}"`).join('\n')}\n)\n`;
}

/**
 * The other languages are HumanEval-X's rows with the buggy solutions added, so their programs
 * are built as passk's humaneval-x tasks build them (headers, Go's test setup and imports, Rust's
 * tests run from main), after bigcode's own clean-ups of the candidate: C++ cut before any
 * `int main`, Java without an empty `public class Main`, Rust without the prompt's `fn main(){}` (its `use rand::Rng;` etc. stay: the Rust runtime provides those crates).
 */
function delegated(language: Exclude<PackLanguage, 'python'>) {
  const x = humanEvalX(language);
  return {
    problems: (rows: readonly Record<string, unknown>[], file: string) =>
      new Map(x.problems(rows, file).map((p) => [p.id, p])),
    program(problem: PackProblem, candidate: string): Program {
      let code = candidate;
      if (language === 'cpp') code = code.split('int main')[0]!;
      if (language === 'java') code = code.replace('public class Main {\n    }', '').trim();
      if (language === 'rust') code = code.replace(/fn main\(\)\s*\{\s*\}/, '');
      if (language === 'go') code = goPackagesUsed(code) + code;
      return x.program(problem.meta.x!, code);
    },
  };
}

/**
 * HumanEvalPack (Muennighoff et al., 2023, OctoPack): HumanEval in six languages with a buggy
 * solution per problem. `synthesize` writes the function from its instruction; `fixtests` /
 * `fixdocs` repair the buggy function given its tests / its docstring. bigcode's `instruct`
 * prompt format, completion models (the prompt ends where the code starts).
 */
export function humanEvalPack(language: PackLanguage, variant: PackVariant): Task<PackData> {
  const name =
    variant === 'synthesize'
      ? `humanevalsynthesize-${language}`
      : `humaneval${variant}-${language}`;
  const other = language === 'python' ? undefined : delegated(language);
  const candidateFrom = (problem: PackProblem, generation: string) => {
    const generated = generation.startsWith(problem.prompt)
      ? generation.slice(problem.prompt.length)
      : generation;
    return packCandidate(problem.meta.row, language, variant, generated);
  };
  return {
    name,
    description: `HumanEvalPack ${language} ${variant} (bigcode instruct prompt)`,
    language: RUNTIME[language],
    dataset: {
      // Not pinned to a Hub commit yet: use --data-dir (humanevalpack/LANG.jsonl.gz).
      hub: {
        repo: 'bigcode/humanevalpack',
        revision: 'main',
        path: `data/${language}/data/humanevalpack.jsonl`,
      },
      localFile: `humanevalpack/${language}.jsonl.gz`,
    },
    defaultTimeoutMs: language === 'python' ? 10_000 : 20_000,
    stopSequences: PACK_STOPS[language],
    problems(rows, file) {
      const x = other?.problems(rows, file);
      return validateRows({ rows, file }, rowSchema).map((row): PackProblem => {
        const prompt = packPrompt(row, language, variant);
        const base = promptBase(row, language, variant !== 'fixtests');
        return {
          id: row.task_id,
          language: RUNTIME[language],
          prompt,
          datasetPrompt: row.prompt,
          tests: language === 'python' ? row.test : (x?.get(row.task_id)?.tests ?? row.test),
          entryPoint: row.entry_point,
          // Canonical: bigcode's get_reference(get_solution=True), the prompt with docs + the
          // canonical body, for every variant (fixtests' bare declaration lacks helpers some
          // bodies call: Go/10, 32, 38, 50, CPP/38). meta.buggy: what a model that returned the
          // bug unchanged would give, the base it continued + the buggy body.
          reference: row.prompt + row.canonical_solution,
          meta: { row, buggy: base + row.buggy_solution, x: x?.get(row.task_id) },
        };
      });
    },
    postprocess: candidateFrom,
    program: (problem, candidate) =>
      other === undefined ? pythonProgram(problem, candidate) : other.program(problem, candidate),
  };
}
