import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultCacheDir } from '../../datasets/paths.js';
import { checkedStdioProgram } from '../../execution/stdio/checked-program.js';
import { stdioTimeoutMs } from '../../execution/stdio/index.js';
import { extractCode } from '../../postprocess/extract.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import { stdioInstruction } from '../stdio/task.js';
import type { Problem, Task } from '../types.js';
import { type BuiltTests, builtTests, inputsRoot } from './build.js';
import { isProblemInfo, type ProblemInfo, parseInfo } from './info.js';
import { inlineIncludes } from './inline.js';
import { renderStatement } from './statement.js';

/**
 * Upstream's time limits are for its judge servers; this machine's CPUs are slower and shared
 * (a loaded machine's CPU time grows too: docs/contest.md), so each limit is scaled by this.
 */
export const TIME_SCALE = 2;
/** Library Checker's memory limit: each test's process (address space and stack). */
export const MEMORY_BYTES = 1024 ** 3;
/**
 * Bytes of one test's output: `convolution_mod_large`'s answers are 332 MB each, past the 64 MiB
 * other stdio tasks allow (the driver reads outputs as they come, never whole).
 */
const OUTPUT_MAX_BYTES = 1024 ** 3;

export type LibraryCheckerData = {
  /** `<category>/<problem>`: the problem's folder in the tree. */
  folder: string;
  info: ProblemInfo;
  markdown: string;
  /** Set by `complete`: the built tests (built in the sandbox, cached). */
  tests?: BuiltTests;
};
type LcProblem = Problem<LibraryCheckerData>;

const CACHE_DIR = () => join(defaultCacheDir(), 'library-checker');

/** Library Checker problems from the tree's files (rows `{path, text}`), in path order. */
function problemsOf(rows: readonly Record<string, unknown>[], language: string): LcProblem[] {
  const text = new Map(rows.map((row) => [String(row['path']), String(row['text'])]));
  return [...text.keys()].filter(isProblemInfo).map((path) => {
    const info = parseInfo(path, text.get(path)!);
    const markdown = text.get(`${info.id}/task.md`) ?? '';
    const correct = `${info.id}/sol/correct.cpp`;
    const reference = text.has(correct)
      ? inlineIncludes(correct, (p) => text.get(p), info.params)
      : undefined;
    return {
      id: info.id.split('/')[1]!,
      language,
      prompt: markdown,
      datasetPrompt: markdown,
      tests: '',
      ...(language === 'cpp' && reference !== undefined ? { reference } : {}),
      meta: { folder: info.id, info, markdown },
    };
  });
}

/** Builds (or reads from the cache) each problem's tests and writes its statement with them. */
async function complete(
  problems: readonly LcProblem[],
  root: string,
  progress?: (message: string) => void,
): Promise<LcProblem[]> {
  const cacheDir = CACHE_DIR();
  const done: LcProblem[] = [];
  for (const [index, problem] of problems.entries()) {
    const onBuild = (id: string) =>
      progress?.(
        `building the tests of ${id} (problem ${index + 1} of ${problems.length}; a build takes minutes, then it is cached)`,
      );
    const tests = await builtTests(problem.meta.folder, { root, cacheDir, onBuild });
    const examples = new Map(
      tests.cases
        .filter((c) => c.name.startsWith('example_'))
        .map((c) => [
          c.name,
          { input: read(tests, 'in', c.name), output: read(tests, 'out', c.name) },
        ]),
    );
    const prompt = renderStatement(problem.meta.markdown, problem.meta.info.params, examples);
    done.push({ ...problem, prompt, meta: { ...problem.meta, tests } });
  }
  return done;
}

function read(tests: BuiltTests, kind: 'in' | 'out', name: string): string {
  const folder = kind === 'in' ? tests.inputs : join(tests.dir, 'out');
  return readFileSync(join(folder, `${name}.${kind}`), 'utf8');
}

function limitMsOf(problem: LcProblem): number {
  return Math.round(problem.meta.info.timeLimitS * TIME_SCALE * 1000);
}

function testsOf(problem: LcProblem): BuiltTests {
  const tests = problem.meta.tests;
  if (tests === undefined) throw new Error(`internal: ${problem.id}'s tests were not built`);
  return tests;
}

/**
 * Library Checker (yosupo06/library-checker-problems): stdin/stdout problems judged by each
 * problem's testlib checker on tests generated here from its generators, with its time limit
 * (CPU, × TIME_SCALE) and a 1 GiB memory limit. Verdicts AC, WA, TLE, MLE, RE, CE.
 */
export function libraryCheckerTask(language: 'cpp' | 'python'): Task<LibraryCheckerData> {
  return {
    name: language === 'cpp' ? 'library-checker' : `library-checker-${language}`,
    description: `Library Checker's problems, testlib checkers on generated tests (${language === 'cpp' ? 'C++17' : 'Python 3'})`,
    language: 'python', // the stdio driver; the candidate's language is the problem's
    languages: ['python', 'cpp'],
    dataset: {
      hub: {
        host: 'github',
        repo: 'yosupo06/library-checker-problems',
        revision: '04c8de378bab67be926325de2871f0babb8e6451',
        path: '.',
      },
      localDir: 'library-checker',
    },
    defaultTimeoutMs: 10_000,
    // Programs read their inputs from the built tests' folder, bound read-only (one pool).
    environment: {
      python: { modules: [], debianPackages: [], readOnlyDirs: [inputsRoot(CACHE_DIR())] },
    },
    stopSequences: ['\n```'],
    problems: (rows) => problemsOf(rows, language),
    complete: (problems, context) => complete(problems, context.datasetFile, context.progress),
    fromCompletion: completionIsAnswer,
    postprocess: (_problem, generation) => cutAtStop(generation, ['\n```']),
    instructionPrompt: stdioInstruction,
    chatPostprocess: (problem, reply) => extractCode(reply, problem.language),
    async prepare(problems, context) {
      return problems.map((problem) => {
        const tests = testsOf(problem);
        if (tests.hashMismatches.length > 0) {
          context.warn(
            `${problem.id}: ${tests.hashMismatches.length} generated test files differ from upstream's hash.json (${tests.hashMismatches.slice(0, 3).join(', ')})`,
          );
        }
        const timeoutMs = stdioTimeoutMs(problem.language, tests.cases.length, limitMsOf(problem));
        return { ...problem, timeoutMs };
      });
    },
    program(problem, candidate) {
      const tests = testsOf(problem);
      // Inputs as files the sandbox binds read-only; the answers never enter it.
      return checkedStdioProgram({
        language: problem.language,
        source: candidate,
        tests: { dir: tests.dir, inputs: tests.inputs, cases: tests.cases.map((c) => c.name) },
        limitMs: limitMsOf(problem),
        outputMax: OUTPUT_MAX_BYTES,
        memoryBytes: MEMORY_BYTES,
        stackBytes: MEMORY_BYTES,
      });
    },
    metricsInfo: {
      judge: {
        kind: 'testlib checker',
        limit: `per test, CPU time: upstream's × ${TIME_SCALE}; memory ${MEMORY_BYTES >> 20} MiB`,
        tests: 'generated in the sandbox from the problem generators, checked against hash.json',
      },
    },
  };
}
