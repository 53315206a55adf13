import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, sharedDataDir } from '../../src/datasets/index.js';
import { createExecutor, runPreflight } from '../../src/execution/index.js';
import type { ExecJob, Executor, Language, Verdict } from '../../src/execution/types.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem, Task } from '../../src/tasks/types.js';

/**
 * Every added language through the real engine (bwrap, exec worker, compilers): the canaries of
 * each runtime, a sample of HumanEval-X canonical solutions (must pass) with deliberately wrong
 * bodies (must not), and MultiPL-E tasks with solutions written for this test (MultiPL-E ships
 * none). One executor and one run() per group, so compiles spread over both cores.
 */
const LIMITS = { timeoutMs: 15_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
/** Problems whose canonical solutions pass in every HumanEval-X language (see README failures). */
const HUMANEVAL_X_SAMPLE = [0, 57, 101, 149];

/** A body that compiles and fails, per HumanEval-X language (the prompt opens the function). */
const WRONG_BODY: Record<string, string> = {
  cpp: '    throw 1;\n}\n',
  go: '    panic("wrong")\n}\n',
  java: '        throw new RuntimeException("wrong");\n    }\n}\n',
  js: "  throw new Error('wrong');\n}\n",
  rust: '    panic!("wrong");\n}\n',
};

/** Our own completions for MultiPL-E's HumanEval_53_add, _13_greatest_common_divisor, _23_strlen. */
const SOLUTIONS: Record<string, [string, string, string]> = {
  cpp: [
    '    return x + y;\n',
    '    while (b != 0) { long t = a % b; a = b; b = t; }\n    return a;\n',
    '    return string.size();\n',
  ],
  java: [
    '        return x + y;\n',
    '        while (b != 0) { long t = a % b; a = b; b = t; }\n        return a;\n',
    '        return string.length();\n',
  ],
  js: [
    '  return x + y;\n}\n',
    '  while (b) { [a, b] = [b, a % b]; }\n  return a;\n}\n',
    '  return string.length;\n}\n',
  ],
  ts: [
    '  return x + y;\n}\n',
    '  while (b) { [a, b] = [b, a % b]; }\n  return a;\n}\n',
    '  return string.length;\n}\n',
  ],
  go: [
    '    return x + y\n}\n\n',
    '    for b != 0 {\n        a, b = b, a%b\n    }\n    return a\n}\n\n',
    '    return len(myString)\n}\n\n',
  ],
  rs: [
    '    x + y\n',
    '    let (mut a, mut b) = (a, b);\n    while b != 0 { let t = a % b; a = b; b = t; }\n    a\n',
    '    string.len() as isize\n',
  ],
  sh: [
    '    echo $(( $1 + $2 ))\n',
    '    local a=$1 b=$2 t\n    while (( b != 0 )); do t=$(( a % b )); a=$b; b=$t; done\n    echo $a\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash, not a template
    '    echo ${#1}\n',
  ],
};
const ME_PROBLEMS = [
  'HumanEval_53_add',
  'HumanEval_13_greatest_common_divisor',
  'HumanEval_23_strlen',
];

async function problemsOf(name: string): Promise<{ task: Task; problems: Problem[] }> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: sharedDataDir(), offline: true });
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

let executor: Executor;
beforeAll(async () => {
  executor = await createExecutor({
    allowCodeExecution: true,
    workers: 2,
    cacheDir: false, // every verdict is computed here, never read back
    // Compiled artifacts and Go's seeded build cache may persist: content-addressed, so a
    // cached binary is the one this source compiles to.
    artifactsDir: join(tmpdir(), 'passk-test-artifacts'),
  });
}, 120_000);
afterAll(() => executor?.close());

async function run(jobs: ExecJob[]): Promise<Map<string, Verdict>> {
  return executor.run(jobs);
}
const job = (id: string, language: Language, source: string): ExecJob => ({
  id,
  program: { language, source },
  limits: LIMITS,
});
const statuses = (verdicts: Map<string, Verdict>, prefix: string) =>
  Object.fromEntries(
    [...verdicts].filter(([id]) => id.startsWith(prefix)).map(([id, v]) => [id, v.status]),
  );

describe('runtimes pass their own canaries', () => {
  const references: Record<string, string> = {
    shell: 'x=$(( 1 + 1 ))\n[[ $x = 2 ]]\n',
    php: '<?php\nassert(1 + 1 == 2);\n',
    ruby: 'raise "wrong" unless 1 + 1 == 2\n',
    lua: 'assert(1 + 1 == 2)\n',
    javascript: "require('node:assert').deepEqual([1 + 1], [2]);\n",
    typescript: "declare var require: any;\nrequire('node:assert').deepEqual([1 + 1], [2]);\n",
    cpp: '#include <cassert>\nint main() { assert(1 + 1 == 2); }\n',
    java: 'class Main {\n  public static void main(String[] a) {\n    assert 1 + 1 == 2;\n  }\n}\n',
    rust: 'fn main() {\n    assert_eq!(1 + 1, 2);\n}\n',
    go: 'package main\n\nimport "testing"\n\nfunc TestOk(t *testing.T) {\n\tif 1+1 != 2 {\n\t\tt.Fatal("no")\n\t}\n}\n',
  };
  it.each(Object.keys(references))(
    '%s: reference passes, wrong fails, early exit never passes, sleeper times out',
    async (language) => {
      const report = await runPreflight(executor, {
        language,
        references: [{ language, source: references[language]! }],
        limits: LIMITS,
      });
      expect(report.verdicts.get('wrong')?.status).toBe('failed');
    },
    120_000,
  );
});

describe('HumanEval-X canonical solutions', () => {
  it.each(Object.keys(WRONG_BODY))(
    'humaneval-x-%s: sampled references pass, wrong bodies do not',
    async (dir) => {
      const { task, problems } = await problemsOf(`humaneval-x-${dir}`);
      expect(problems).toHaveLength(164);
      const sample = HUMANEVAL_X_SAMPLE.map((index) => problems[index]!);
      // The canonical body goes through the same post-processing as a model's completion would,
      // trailing text included: the stop sequence must cut it and the suffix close the function.
      const completion = (p: Problem) => `${p.reference!.slice(p.prompt.length)}\n\nTRAILING TEXT`;
      const jobs = [
        ...sample.map((p) =>
          job(
            `ok ${p.id}`,
            task.language,
            task.program(p, task.postprocess(p, completion(p))).source,
          ),
        ),
        ...sample
          .slice(0, 2)
          .map((p) =>
            job(
              `wrong ${p.id}`,
              task.language,
              task.program(p, p.prompt + WRONG_BODY[dir]!).source,
            ),
          ),
      ];
      const verdicts = await run(jobs);
      expect(statuses(verdicts, 'ok')).toEqual(
        Object.fromEntries(sample.map((p) => [`ok ${p.id}`, 'passed'])),
      );
      for (const p of sample.slice(0, 2))
        expect(verdicts.get(`wrong ${p.id}`)?.status).not.toBe('passed');
    },
    120_000,
  );
});

describe('MultiPL-E with hand-written solutions', () => {
  it.each(Object.keys(SOLUTIONS))(
    'multipl-e-%s: our solutions pass, a wrong one fails',
    async (suffix) => {
      const { task, problems } = await problemsOf(`multipl-e-${suffix}`);
      const byName = new Map(problems.map((p) => [p.id, p]));
      const jobs = ME_PROBLEMS.map((name, index) => {
        const problem = byName.get(name)!;
        const candidate = task.postprocess(problem, SOLUTIONS[suffix]![index]!);
        return job(`ok ${name}`, task.language, task.program(problem, candidate).source);
      });
      const add = byName.get(ME_PROBLEMS[0]!)!;
      const wrong = SOLUTIONS[suffix]![0]!.replace('x + y', 'x - y').replace('$1 + $2', '$1 - $2');
      jobs.push(
        job('wrong add', task.language, task.program(add, task.postprocess(add, wrong)).source),
      );
      const verdicts = await run(jobs);
      expect(statuses(verdicts, 'ok')).toEqual(
        Object.fromEntries(ME_PROBLEMS.map((n) => [`ok ${n}`, 'passed'])),
      );
      expect(verdicts.get('wrong add')?.status).toBe('failed');
    },
    120_000,
  );
});

describe('JavaScript and TypeScript semantics', () => {
  it('is strict about deep equality, says when only loose equality passes, and reports type errors', async () => {
    const assertion = "declare var require: any;\nconst assert = require('node:assert');\n";
    const verdicts = await run([
      job('loose', 'javascript', "require('node:assert').deepEqual([1], ['1']);\n"),
      job('strict-fail', 'javascript', "require('node:assert').deepEqual([1], [2]);\n"),
      job(
        'type-error',
        'typescript',
        `${assertion}const n: number = 'a' as any as string;\nassert.deepEqual(1, 1);\n`,
      ),
      job('typed', 'typescript', `${assertion}const n: number = 1;\nassert.deepEqual(n, 1);\n`),
    ]);
    expect(verdicts.get('loose')).toMatchObject({
      status: 'failed',
      errorType: 'LooseEqualityOnly',
    });
    expect(verdicts.get('strict-fail')).toMatchObject({
      status: 'failed',
      errorType: 'AssertionError',
    });
    expect(verdicts.get('type-error')).toMatchObject({ status: 'type-error', errorType: 'TS2322' });
    // A sample that does not type-check is not run (the check is its compile step).
    expect(verdicts.get('type-error')?.message).toContain("Type 'string' is not assignable");
    expect(verdicts.get('typed')?.status).toBe('passed');
  }, 60_000);
});
