/**
 * Library Checker's judge end to end on passk's own fixture problem (test/fixtures/library-checker:
 * several right answers, its own checker) and upstream's sample/aplusb (a testlib checker, with
 * upstream's common/): tests generated in the build sandbox, every verdict a judge gives, the
 * checker accepting an answer that is not the reference's, and a candidate that looks for the
 * answers not finding them.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/pipeline/evaluate.js';
import { loadProblems } from '../../src/pipeline/problems.js';
import { judgeSolutions } from '../../src/tasks/library-checker/solutions.js';
import {
  type LibraryCheckerData,
  libraryCheckerTask,
} from '../../src/tasks/library-checker/task.js';
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
  it("gives each of the problem's solutions the verdict its info.toml expects", async () => {
    const outcomes = await judgeSolutions(await tree(true));
    const got = Object.fromEntries(outcomes.map((o) => [`${o.problem}/${o.solution}`, o.got]));
    expect(got).toEqual({
      'any_divisor/correct.cpp': 'AC',
      'any_divisor/wrong.cpp': 'WA',
      'any_divisor/slow.cpp': 'TLE',
      'any_divisor/crash.cpp': 'RE',
      'any_divisor/memory.cpp': 'MLE',
      // Never the reference's output: only the checker can accept it.
      'any_divisor/largest.cpp': 'AC',
      // Upstream's: testlib's token checker; ac_func.cpp is a function with a grader (not judged).
      'aplusb/correct.cpp': 'AC',
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
