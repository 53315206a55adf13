import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { createExecutor, runPreflight } from '../../src/execution/index.js';
import type { ExecJob, Executor, Language, Verdict } from '../../src/execution/types.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem, Task } from '../../src/tasks/types.js';
import { requireTaskData } from '../helpers/data.js';
import { TEST_ARTIFACTS_DIR } from '../helpers/test-artifacts.js';

/**
 * Every added language through the real engine (bwrap, exec worker, compilers): the canaries of
 * each runtime, a sample of HumanEval-X canonical solutions (must pass) with deliberately wrong
 * bodies (must not), and MultiPL-E tasks with solutions written for this test (MultiPL-E ships
 * none). One executor and one run() per group, so compiles spread over both cores.
 */
const LIMITS = { timeoutMs: 15_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
/** Problems sampled in every HumanEval-X language (CI time: the full 164 are run by hand). */
const HUMANEVAL_X_SAMPLE = [0, 57, 101, 149];
/**
 * Per language, the problems whose canonical solutions need what setup.sh --languages installs
 * or what passk adds (docs/tasks.md "Other languages"): Boost and libcrypto for C++, goimports for Go,
 * the rand/regex/md5 crates and Rust/32's commented-out tests for Rust, js-md5 for JavaScript.
 */
const HUMANEVAL_X_EXTRA: Record<string, number[]> = {
  cpp: [22, 162],
  go: [17, 27],
  java: [],
  js: [162],
  rust: [32, 50, 91, 162],
};

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
/** MultiPL-E's other languages (issue 17): the same three problems, each closing its function. */
const MORE_SOLUTIONS: Record<string, [string, string, string]> = {
  php: [
    '    return $x + $y;\n}\n',
    '    while ($b != 0) { $t = $a % $b; $a = $b; $b = $t; }\n    return $a;\n}\n',
    // PHP cannot define a function named strlen (a builtin): HumanEval_55_fib instead.
    '    $a = 0; $b = 1;\n    for ($i = 0; $i < $n; $i++) { [$a, $b] = [$b, $a + $b]; }\n    return $a;\n}\n',
  ],
  rb: ['  x + y\nend\n', '  a, b = b, a % b while b != 0\n  a\nend\n', '  string.length\nend\n'],
  lua: [
    '  return x + y\nend\n',
    '  while b ~= 0 do a, b = b, a % b end\n  return a\nend\n',
    '  return #string\nend\n',
  ],
  pl: [
    '    return $x + $y;\n}\n',
    '    while ($b != 0) { ($a, $b) = ($b, $a % $b); }\n    return $a;\n}\n',
    '    return length($string);\n}\n',
  ],
  r: [
    '  x + y\n}\n',
    '  while (b != 0) { t <- a %% b; a <- b; b <- t }\n  a\n}\n',
    '  nchar(string)\n}\n',
  ],
  rkt: [
    '  (+ x y))\n',
    '  (if (= b 0) a (greatest_common_divisor b (modulo a b))))\n',
    '  (string-length string))\n',
  ],
  scala: [
    '        return x + y\n',
    '        var (p, q) = (a, b)\n        while (q != 0) { val t = p % q; p = q; q = t }\n        return p\n',
    '        return string.length.toLong\n',
  ],
  cs: [
    '        return x + y;\n',
    '        while (b != 0) { long t = a % b; a = b; b = t; }\n        return a;\n',
    '        return str.Length;\n',
  ],
  d: [
    '{\n    return x + y;\n}\n',
    '{\n    while (b != 0) { auto t = a % b; a = b; b = t; }\n    return a;\n}\n',
    '{\n    return string.length;\n}\n',
  ],
};
/** Wrong answers to the second and third problem: gcd returns its first argument, then 0. */
const MORE_WRONG: Record<string, [string, string]> = {
  php: ['    return $a;\n}\n', '    return 0;\n}\n'],
  rb: ['  a\nend\n', '  0\nend\n'],
  lua: ['  return a\nend\n', '  return 0\nend\n'],
  pl: ['    return $a;\n}\n', '    return 0;\n}\n'],
  r: ['  a\n}\n', '  0\n}\n'],
  rkt: ['  a)\n', '  0)\n'],
  scala: ['        return a\n', '        return 0\n'],
  cs: ['        return a;\n', '        return 0;\n'],
  d: ['{\n    return a;\n}\n', '{\n    return 0;\n}\n'],
};
const ME_PROBLEMS = [
  'HumanEval_53_add',
  'HumanEval_13_greatest_common_divisor',
  'HumanEval_23_strlen',
];
const problemNames = (suffix: string) =>
  suffix === 'php' ? [...ME_PROBLEMS.slice(0, 2), 'HumanEval_55_fib'] : ME_PROBLEMS;

async function problemsOf(name: string): Promise<{ task: Task; problems: Problem[] }> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
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
    artifactsDir: TEST_ARTIFACTS_DIR,
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
    perl: 'exit 1 unless 1 + 1 == 2;\n',
    r: 'stopifnot(1 + 1 == 2)\n',
    tcl: 'if {1 + 1 != 2} { error "Test case 1 Failed" }\n',
    fortran: 'program main\n  if (1 + 1 /= 2) error stop 1\nend program main\n',
    pascal: '{$ASSERTIONS ON}\nbegin\n  Assert(1 + 1 = 2);\nend.\n',
    lisp: '(assert (equal (+ 1 1) 2))\n',
    coffeescript: "assert = require 'assert'\nassert.strictEqual 1 + 1, 2\n",
    elisp: "(require 'cl-lib)\n(cl-assert (equal (+ 1 1) 2))\n",
    vimscript: 'if assert_equal(2, 1 + 1) | cq | endif\nexit(0)\n',
    elixir:
      'ExUnit.start()\ndefmodule OkTest do\n  use ExUnit.Case\n  test "ok" do\n    assert 1 + 1 == 2\n  end\nend\n',
    haskell: 'main :: IO ()\nmain = if 1 + 1 == (2 :: Int) then pure () else error "Test failed"\n',
    groovy: 'assert 1 + 1 == 2\n',
    erlang: '-module(ok).\n-export([test/0]).\ntest() -> 2 = 1 + 1, ok.\n',
    scala: 'object Main {\n  def main(args: Array[String]) = {\n    assert(1 + 1 == 2)\n  }\n}\n',
    csharp:
      'using System.Diagnostics;\nclass Problem {\n  public static void Main(string[] args) {\n    Debug.Assert(1 + 1 == 2);\n  }\n}\n',
    d: 'unittest\n{\n    assert(1 + 1 == 2);\n}\nvoid main(){}\n',
    racket:
      '#lang racket\n(require rackunit)\n(current-check-handler raise)\n(check-equal? (+ 1 1) 2)\n',
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
    // Rust's first resolve builds the rand/regex/md5 crates with cargo (~20 s of CPU, once).
    300_000,
  );
});

describe('HumanEval-X canonical solutions', () => {
  it.each(Object.keys(WRONG_BODY))(
    'humaneval-x-%s: sampled references pass, wrong bodies do not',
    async (dir) => {
      const { task, problems } = await problemsOf(`humaneval-x-${dir}`);
      expect(problems).toHaveLength(164);
      const sample = HUMANEVAL_X_SAMPLE.map((index) => problems[index]!);
      // As `--model reference` runs them (some define two functions, which a stop sequence cuts).
      const extra = HUMANEVAL_X_EXTRA[dir]!.map((index) => problems[index]!);
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
        ...extra.map((p) => job(`ok ${p.id}`, task.language, task.program(p, p.reference!).source)),
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
        Object.fromEntries([...sample, ...extra].map((p) => [`ok ${p.id}`, 'passed'])),
      );
      for (const p of sample.slice(0, 2))
        expect(verdicts.get(`wrong ${p.id}`)?.status).not.toBe('passed');
    },
    240_000,
  );

  it('humaneval-x-js: the two wrong upstream canonical solutions fail (README)', async () => {
    const { task, problems } = await problemsOf('humaneval-x-js');
    const wrong = ['JavaScript/112', 'JavaScript/155'].map(
      (id) => problems.find((p) => p.id === id)!,
    );
    const verdicts = await run(
      wrong.map((p) => job(p.id, task.language, task.program(p, p.reference!).source)),
    );
    expect(statuses(verdicts, 'JavaScript/')).toEqual({
      'JavaScript/112': 'failed',
      'JavaScript/155': 'failed',
    });
  }, 60_000);
});

const ALL_SOLUTIONS = { ...SOLUTIONS, ...MORE_SOLUTIONS };

describe('MultiPL-E with hand-written solutions', () => {
  it.each(Object.keys(ALL_SOLUTIONS))(
    'multipl-e-%s: our solutions pass, wrong ones fail',
    async (suffix) => {
      const solutions = ALL_SOLUTIONS[suffix]!;
      const names = problemNames(suffix);
      const { task, problems } = await problemsOf(`multipl-e-${suffix}`);
      const byName = new Map(problems.map((p) => [p.id, p]));
      const source = (name: string, completion: string) => {
        const problem = byName.get(name)!;
        return task.program(problem, task.postprocess(problem, completion)).source;
      };
      const jobs = names.map((name, i) =>
        job(`ok ${name}`, task.language, source(name, solutions[i]!)),
      );
      // `+` → `-` in add; for the other two, MORE_WRONG's answers (issue 17 languages).
      jobs.push(job('wrong 0', task.language, source(names[0]!, solutions[0]!.replace('+', '-'))));
      MORE_WRONG[suffix]?.forEach((wrong, i) => {
        jobs.push(job(`wrong ${i + 1}`, task.language, source(names[i + 1]!, wrong)));
      });
      const verdicts = await run(jobs);
      expect(statuses(verdicts, 'ok')).toEqual(
        Object.fromEntries(names.map((n) => [`ok ${n}`, 'passed'])),
      );
      const wrongs = [...verdicts].filter(([id]) => id.startsWith('wrong'));
      expect(wrongs).toHaveLength(1 + (MORE_WRONG[suffix]?.length ?? 0));
      for (const [id, verdict] of wrongs) expect(verdict.status, id).toBe('failed');
    },
    240_000,
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
      // MultiPL-E's tsc defaults: not strict (implicit any, null in a string), the DOM's lib.
      job(
        'not-strict',
        'typescript',
        `${assertion}function id(a) { return a; }\nconst s: string = null;\nconst e = new TextEncoder();\nassert.deepEqual(id(s), null);\n`,
      ),
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
    expect(verdicts.get('not-strict')?.status).toBe('passed');
  }, 60_000);
});

describe('PHP extensions', () => {
  it("has Debian's default extensions that -n would drop (ctype, iconv, tokenizer)", async () => {
    const check = (id: string, expression: string) =>
      job(id, 'php', `<?php\nif (!(${expression})) { throw new Exception("Test failed!"); }\n`);
    const verdicts = await run([
      check('php-ctype', "ctype_upper('ABC') && !ctype_alpha('a1')"),
      check('php-iconv', "iconv('UTF-8', 'ASCII//TRANSLIT', 'abc') === 'abc'"),
      check('php-tokenizer', "count(token_get_all('<?php echo 1;')) > 1"),
      check('php-wrong', "ctype_digit('x')"),
    ]);
    expect(statuses(verdicts, 'php-')).toEqual({
      'php-ctype': 'passed',
      'php-iconv': 'passed',
      'php-tokenizer': 'passed',
      'php-wrong': 'failed',
    });
  }, 60_000);
});

describe('Shell commands', () => {
  it('has awk, which Debian installs as a link into /etc/alternatives', async () => {
    const verdicts = await run([
      job('sh-awk', 'shell', "set -e\n[[ $(echo a,b | awk -F, '{print $2}') = b ]]\n"),
      job('sh-awk-wrong', 'shell', "set -e\n[[ $(echo a,b | awk -F, '{print $1}') = b ]]\n"),
    ]);
    expect(statuses(verdicts, 'sh-')).toEqual({ 'sh-awk': 'passed', 'sh-awk-wrong': 'failed' });
  }, 60_000);
});
