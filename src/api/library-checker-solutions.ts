import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEventListener } from '../execution/events.js';
import { type JudgeCode, judgeCode } from '../execution/stdio/checker-judge.js';
import { evaluate } from '../pipeline/evaluate.js';
import { loadProblems } from '../pipeline/problems.js';
import type { GenerationRecord, ResultRecord } from '../store/records.js';
import type { SolutionInfo } from '../tasks/library-checker/info.js';
import { inlineIncludes, type TreeReader } from '../tasks/library-checker/inline.js';
import { type LibraryCheckerData, libraryCheckerTask } from '../tasks/library-checker/task.js';
import type { Problem } from '../tasks/types.js';

/** One of a problem's own solutions and what passk's judge made of it. */
export interface SolutionOutcome {
  problem: string;
  solution: string;
  /** What upstream says it must get: AC, or its `expect`, with the verdicts it also allows. */
  expected: JudgeCode[];
  got: JudgeCode | string;
  agrees: boolean;
  /**
   * MLE where upstream expects TLE: upstream's generate.py judges without a memory limit, so a
   * solution that is too slow by queueing ever more may run out of this judge's 1 GiB first.
   */
  memoryBeforeTime: boolean;
  message?: string;
}

/**
 * The verdicts a solution may get here. passk's driver stops at a problem's first failing test
 * (as most judges do), so a solution shows one verdict: upstream's `expect` (or AC), or one it
 * allows (`allow_tle`, `allow_re`, `allow_wa`: verdicts some tests may get).
 */
export function allowedVerdicts(solution: SolutionInfo): JudgeCode[] {
  const allowed: JudgeCode[] = [solution.expect ?? 'AC'];
  if (solution.allow_tle) allowed.push('TLE');
  if (solution.allow_re) allowed.push('RE');
  if (solution.allow_wa) allowed.push('WA');
  return allowed;
}

function readTree(root: string): TreeReader {
  return (path) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/** The C++ solutions of a problem: sol/correct.cpp and its `[[solutions]]`. */
function solutionsOf(problem: Problem<LibraryCheckerData>): SolutionInfo[] {
  const listed = problem.meta.info.solutions.filter((s) => s.name.endsWith('.cpp'));
  // Some problems list correct.cpp among their solutions too: judged once.
  if (listed.some((s) => s.name === 'correct.cpp')) return listed;
  return [{ name: 'correct.cpp' }, ...listed];
}

/**
 * The files a solution is built from. A `function = true` solution defines only `solve`:
 * upstream's generate.py compiles it with `grader/grader.cpp` (whose main reads stdin and calls
 * it); here both become one program, the solution first so the grader's `using namespace`
 * lines cannot reach it.
 */
function sourcesOf(folder: string, solution: SolutionInfo): string[] {
  const own = `${folder}/sol/${solution.name}`;
  return solution.function === true ? [own, `${folder}/grader/grader.cpp`] : [own];
}

/**
 * Judges every listed C++ solution of the problems in the tree at `root` (a Library Checker
 * tree, or a folder holding some of its problems and `common/`) and compares each verdict with
 * the one upstream expects.
 */
export async function judgeSolutions(
  root: string,
  onEvent?: RunEventListener,
): Promise<SolutionOutcome[]> {
  const task = libraryCheckerTask('cpp');
  const records: GenerationRecord[] = [];
  const expected = new Map<string, { solution: string; allowed: JudgeCode[] }>();
  const loaded = await loadProblems(task, { datasetPath: root });
  for (const problem of loaded.problems as Problem<LibraryCheckerData>[]) {
    for (const [sample, solution] of solutionsOf(problem).entries()) {
      const sources = sourcesOf(problem.meta.folder, solution);
      const program = inlineIncludes(sources, readTree(root), problem.meta.info.params);
      records.push({ problemId: problem.id, sample, program });
      expected.set(`${problem.id}/${sample}`, {
        solution: solution.name,
        allowed: allowedVerdicts(solution),
      });
    }
  }
  const result = await evaluate({
    task,
    candidates: { kind: 'records', records },
    allowCodeExecution: true,
    dataset: { datasetPath: root },
    k: [1],
    verdictCache: false,
    ...(onEvent === undefined ? {} : { onEvent }),
  });
  return result.results.map((record: ResultRecord) => {
    const want = expected.get(`${record.task_id}/${record.sample}`)!;
    const got = judgeCode({
      status: record.status,
      ...(record.error_type === undefined ? {} : { errorType: record.error_type }),
      durationMs: 0,
    });
    return {
      problem: record.task_id,
      solution: want.solution,
      expected: want.allowed,
      got: got ?? record.status,
      agrees: got !== undefined && want.allowed.includes(got),
      memoryBeforeTime: got === 'MLE' && want.allowed.includes('TLE'),
      ...(record.message === undefined ? {} : { message: record.message }),
    };
  });
}
