/**
 * Library Checker's judge end to end on passk's own fixture problem (test/fixtures/library-checker:
 * several right answers, its own checker) and upstream's sample/aplusb (a testlib checker, with
 * upstream's common/): tests generated in the build sandbox, every verdict a judge gives, the
 * checker accepting an answer that is not the reference's, and a candidate that looks for the
 * answers not finding them.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeSolutions } from '../../src/api/library-checker-solutions.js';
import { evaluate } from '../../src/pipeline/evaluate.js';
import { loadProblems } from '../../src/pipeline/problems.js';
import {
  type LibraryCheckerData,
  libraryCheckerTask,
} from '../../src/tasks/library-checker/task.js';
import { loadStdioTask } from '../../src/tasks/stdio/task.js';
import type { Problem } from '../../src/tasks/types.js';
import { repoRoot, tempDir } from '../helpers/cli.js';
import { dataPath } from '../helpers/data.js';

const FIXTURE = join(repoRoot, 'test/fixtures/library-checker');

async function tree(withUpstream = false): Promise<string> {
  const root = await tempDir();
  cpSync(FIXTURE, root, { recursive: true });
  if (withUpstream) {
    cpSync(dataPath('library-checker/common'), join(root, 'common'), { recursive: true });
    const aplusb = dataPath('library-checker/sample/aplusb');
    cpSync(aplusb, join(root, 'sample/aplusb'), { recursive: true });
  }
  return root;
}

describe('library-checker', () => {
  // Builds two problems (testlib's checker compiles slowly) and judges 9 solutions, 2 to their limit.
  it("gives each of the problem's solutions the verdict its info.toml expects", {
    timeout: 300_000,
  }, async () => {
    const outcomes = await judgeSolutions(await tree(true));
    const got = Object.fromEntries(outcomes.map((o) => [`${o.problem}/${o.solution}`, o.got]));
    expect(outcomes).toHaveLength(9);
    expect(got).toEqual({
      'any_divisor/correct.cpp': 'AC',
      'any_divisor/wrong.cpp': 'WA',
      'any_divisor/slow.cpp': 'TLE',
      'any_divisor/crash.cpp': 'RE',
      'any_divisor/memory.cpp': 'MLE',
      // Never the reference's output: only the checker can accept it.
      'any_divisor/largest.cpp': 'AC',
      // Upstream's: testlib's token checker; ac_func.cpp defines solve() for grader/grader.cpp.
      'aplusb/correct.cpp': 'AC',
      'aplusb/ac_func.cpp': 'AC',
      'aplusb/wa.cpp': 'WA',
    });
    expect(outcomes.every((o) => o.agrees)).toBe(true);
    const wrong = outcomes.find((o) => o.solution === 'wrong.cpp');
    expect(outcomes.find((o) => o.solution === 'wa.cpp')?.message).toMatch(
      /^WA on test random_\d\d .*checker: wrong answer 1st words differ/,
    );
    expect(wrong?.message).toMatch(
      /^WA on test example_00 \(1 of 4; 0 AC before it\): checker: .*no proper divisor/,
    );
  });

  it("writes the statement with the examples' inputs and answers from the built tests", async () => {
    const task = libraryCheckerTask('cpp');
    const { problems } = await loadProblems(task, { datasetPath: await tree() });
    const problem = problems[0] as Problem<LibraryCheckerData>;
    expect(problem.id).toBe('any_divisor');
    expect(problem.prompt).toContain('$4 \\leq N \\leq 10^{9}$');
    expect(problem.prompt).toContain('Input\n\n```\n2\n6\n49\n```\n\nOutput\n\n```\n2\n7\n```');
    const tests = problem.meta.tests!;
    expect(tests.cases.map((c) => c.name)).toEqual([
      'example_00',
      'random_00',
      'random_01',
      'random_02',
    ]);
    // The fixture's hash.json holds the files one build made: generation here is reproducible.
    expect(tests.hashMismatches).toEqual([]);
  });

  it('a candidate that looks for the answers in its sandbox finds none of them', async () => {
    const root = await tree();
    const task = libraryCheckerTask('cpp');
    const { problems } = await loadProblems(task, { datasetPath: root });
    const tests = (problems[0] as Problem<LibraryCheckerData>).meta.tests!;
    const answer = join(tests.dir, 'out', 'example_00.out');
    expect(readFileSync(answer, 'utf8')).toBe('2\n7\n');
    // Prints the answer file when it can open it (that would pass test 1), else a wrong answer.
    const snoop = `#include <cstdio>
int main() {
    FILE* f = fopen("${answer}", "r");
    if (!f) { puts("1"); return 0; }
    int c; while ((c = fgetc(f)) != EOF) putchar(c);
    return 0;
}`;
    const result = await evaluate({
      task,
      candidates: {
        kind: 'records',
        records: [{ problemId: 'any_divisor', sample: 0, program: snoop }],
      },
      allowCodeExecution: true,
      dataset: { datasetPath: root },
      k: [1],
      verdictCache: false,
    });
    expect(result.results[0]?.status).toBe('failed');
    expect(result.results[0]?.message).toMatch(/^WA on test example_00/);
  });
});

describe("library-checker-python (upstream has no Python solutions: passk's own)", () => {
  // The largest proper divisor: never the C++ reference's answer (the smallest), so only the
  // checker can accept it; the wrong one prints N itself.
  const largest = `import sys
data = sys.stdin.read().split()
out = []
for n in map(int, data[1:]):
    d = 2
    while n % d:
        d += 1
    out.append(str(n // d))
print("\\n".join(out))
`;
  const wrong = 'import sys\nprint("\\n".join(sys.stdin.read().split()[1:]))\n';
  const slow = 'while True:\n    pass\n';

  it('judges Python candidates with the checker: AC for another right answer, WA, TLE', {
    timeout: 300_000,
  }, async () => {
    const result = await evaluate({
      task: libraryCheckerTask('python'),
      candidates: {
        kind: 'records',
        records: [largest, wrong, slow].map((program, sample) => ({
          problemId: 'any_divisor',
          sample,
          program,
        })),
      },
      allowCodeExecution: true,
      dataset: { datasetPath: await tree() },
      k: [1],
      verdictCache: false,
    });
    const verdicts = result.results.map((r) => [r.status, r.message ?? '']);
    expect(verdicts[0]).toEqual(['passed', '']);
    expect(verdicts[1]![0]).toBe('failed');
    expect(verdicts[1]![1]).toMatch(/^WA on test example_00 \(1 of 4; 0 AC before it\): checker:/);
    expect(verdicts[2]![0]).toBe('timeout');
    expect(verdicts[2]![1]).toMatch(/^TLE on test example_00/);
  });
});

describe('stdio rows with a checker (a special judge in the JSONL)', () => {
  const tests = [
    { input: '2\n6\n49\n', output: '2\n7\n' },
    { input: '1\n35\n', output: '5\n' },
  ];
  const smallest = `import sys
data = sys.stdin.read().split()
for n in map(int, data[1:]):
    print(next(d for d in range(2, n) if n % d == 0))
`;
  const largest = smallest.replace('print(next(', 'print(n // next(');
  const wrong = smallest.replace('print(next(', 'print(1 + next(');
  const pythonChecker = `import sys
given = open(sys.argv[1]).read().split()[1:]
said = open(sys.argv[2]).read().split()
if len(said) != len(given):
    sys.exit(1)
for n, d in zip(map(int, given), said):
    if not d.isdigit() or not 1 < int(d) < n or n % int(d):
        print("no proper divisor:", d, "of", n)
        sys.exit(1)
`;

  async function judge(checker: object | undefined, programs: string[]) {
    const file = join(await tempDir(), 'problems.jsonl');
    const row = {
      id: 'divisor',
      statement: 'Print a proper divisor of each N.',
      tests,
      ...(checker ? { checker } : {}),
    };
    writeFileSync(file, `${JSON.stringify(row)}\n`);
    const result = await evaluate({
      task: await loadStdioTask(file),
      candidates: {
        kind: 'records',
        records: programs.map((program, sample) => ({ problemId: 'divisor', sample, program })),
      },
      allowCodeExecution: true,
      dataset: { datasetPath: file },
      k: [1],
      verdictCache: false,
    });
    return result.results.map((r) => r.status);
  }

  it('accepts any answer its checker accepts, in Python or C++', async () => {
    // Token comparison alone: only the reference's answers pass.
    expect(await judge(undefined, [smallest, largest, wrong])).toEqual([
      'passed',
      'failed',
      'failed',
    ]);
    const python = { language: 'python', source: pythonChecker };
    expect(await judge(python, [smallest, largest, wrong])).toEqual(['passed', 'passed', 'failed']);
    const cpp = {
      language: 'cpp',
      source: readFileSync(join(FIXTURE, 'number_theory/any_divisor/checker.cpp'), 'utf8'),
    };
    expect(await judge(cpp, [smallest, largest, wrong])).toEqual(['passed', 'passed', 'failed']);
  });

  it('says which problem has a checker that does not compile', async () => {
    await expect(judge({ language: 'cpp', source: 'int main( {' }, [smallest])).rejects.toThrow(
      /problem divisor: its checker does not compile/,
    );
  });
});
