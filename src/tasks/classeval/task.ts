import { z } from 'zod';
import { readHarnessFile } from '../../core/harness-files.js';
import { validateRows } from '../../datasets/validate.js';
import type { Program } from '../../execution/types.js';
import { promptPlusCut } from '../kit/python-program.js';
import type { Problem, Task } from '../types.js';
import { CLASSEVAL_ENVIRONMENT, requiredModules } from './environment.js';
import { addStaticStatement, extractClassCode } from './extract.js';
import { methodLevelMetric } from './metric.js';
import { alpacaPrompt } from './strategies.js';

const rowSchema = z.object({
  task_id: z.string(),
  class_name: z.string(),
  skeleton: z.string(),
  test: z.string(),
  test_classes: z.array(z.string()).min(1),
  solution_code: z.string(),
  import_statement: z.array(z.string()),
});

export type ClassData = {
  className: string;
  skeleton: string;
  imports: string;
  testClasses: string[];
};

/**
 * run_tests.py: runs each test class (test_pipeline.py's `run_unit_test`) and raises, naming the
 * failed classes, unless all passed. A program that stops before it ends (sys.exit, os._exit)
 * never reaches passk's end-of-tests sentinel and is not a pass.
 */
const RUN_TESTS = readHarnessFile(import.meta.url, 'run_tests.py');

/** inference_pipeline.py `construct_prompt`, holistic strategy: the instruction and skeleton. */
export function classInstruction(className: string, skeleton: string): string {
  return `Please complete the class ${className} in the following code.\n${skeleton}`;
}

/** inference_util.py `generate_prompt`: the instruction in its Alpaca template (most models). */
export function classCompletionPrompt(className: string, skeleton: string): string {
  return alpacaPrompt(classInstruction(className, skeleton));
}

/**
 * References that fail here whatever the candidate, so the preflight does not take them as
 * known-good programs: their tests compare with fixed 2024 dates as upcoming (ClassEval_17) or
 * with the upstream author's hostname (ClassEval_48).
 */
const FAILING_REFERENCES = new Set(['ClassEval_17', 'ClassEval_48']);

/**
 * A test class name that names no class of the tests (ClassEval_97 lists " Words2NumbersTestMain",
 * with a space, which upstream's getattr does not find): its reference can never pass.
 */
function undefinedTestClass(row: z.infer<typeof rowSchema>): boolean {
  return row.test_classes.some(
    (name) => !/^[A-Za-z_]\w*$/.test(name) || !row.test.includes(`class ${name}(`),
  );
}

function classProblem(row: z.infer<typeof rowSchema>): Problem<ClassData> {
  return {
    id: row.task_id,
    language: 'python',
    prompt: classCompletionPrompt(row.class_name, row.skeleton),
    datasetPrompt: row.skeleton,
    tests: row.test,
    reference: row.solution_code,
    meta: {
      className: row.class_name,
      skeleton: row.skeleton,
      imports: row.import_statement.join('\n'),
      testClasses: row.test_classes,
      ...(FAILING_REFERENCES.has(row.task_id) || undefinedTestClass(row)
        ? { referenceFails: true }
        : {}),
    },
  };
}

/**
 * test_pipeline.py's file: the import statements, the class, "\n", the tests; then passk's runner
 * of the test classes. Judged in the candidate's process: the tests build the candidate's objects
 * and call their methods, which passk's outside judge (functions only) cannot proxy. Not split at
 * passk's tests marker: as upstream (one imported module), the tests may do what the runner forbids
 * after the marker (the first classes' tests set function defaults); the sandbox still holds it.
 */
function classProgram(problem: Problem<ClassData>, candidate: string): Program {
  const call = `__passk_classeval_run(${JSON.stringify(problem.meta.testClasses)})\n`;
  // test_pipeline.py imports the file `<task_id>_0.py` from its working directory; one test
  // (ClassEval_45) writes images beside it, by `__file__`.
  const file = `__file__ = ${JSON.stringify(`${problem.id}_0.py`)}\n`;
  const module = `${file}${problem.meta.imports}\n${candidate}\n`;
  return {
    language: 'python',
    source: `${module}${problem.tests}\n${RUN_TESTS}${call}`,
  };
}

/**
 * ClassEval (Du et al., 2023): 100 Python classes, holistic generation (the whole class from its
 * skeleton) as the paper's code prompts and extracts; pass@k is class-level (every test class of
 * the class passes), metrics.json's `method-level pass@k` is per test class.
 */
export function classeval(): Task<ClassData> {
  const testClasses = new Map<string, readonly string[]>();
  return {
    name: 'classeval',
    description:
      'ClassEval: 100 Python classes, the whole class from its skeleton (holistic); class-level pass@k, method-level in metrics.json',
    language: 'python',
    dataset: {
      hub: {
        host: 'github',
        repo: 'FudanSELab/ClassEval',
        revision: 'eaeac44d0d5dcd8a95feec50726d66fedc73a98f',
        path: 'data/ClassEval_data.json',
        sha256: '50a1ac0e4d0c238573c10c0ab11feae00b14a80ae9e4c9cc28148707ecf0b6a2',
      },
      localFile: 'classeval/ClassEval_data.json',
    },
    // test_pipeline.py: func_set_timeout(5) for each test class run.
    defaultTimeoutMs: 5000,
    environment: CLASSEVAL_ENVIRONMENT,
    requires: requiredModules,
    // Upstream generates to EOS and extracts the code afterwards.
    stopSequences: [],
    problems(rows, file) {
      const problems = validateRows({ rows, file }, rowSchema).map(classProblem);
      for (const p of problems) testClasses.set(p.id, p.meta.testClasses);
      return problems;
    },
    // A generations file's "completion" row is a prediction as test_pipeline.py reads one
    // (`gen_code_list`: extract_code, add_static_statement), whether it holds the decoded prompt
    // or the reply alone; nothing is put before it (a "[/INST]" output would be cut at ours).
    fromCompletion: (_problem, completion) => addStaticStatement(extractClassCode(completion)),
    // Upstream decodes prompt and generation together and extracts after "### Response:".
    postprocess: (problem, generation) =>
      addStaticStatement(extractClassCode(promptPlusCut(problem, generation, []))),
    instructionPrompt: (problem) => classInstruction(problem.meta.className, problem.meta.skeleton),
    chatPostprocess: (_problem, reply) => addStaticStatement(extractClassCode(reply)),
    program: classProgram,
    metric: methodLevelMetric((id) => testClasses.get(id) ?? []),
  };
}
