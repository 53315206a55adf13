import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { sourceFilePath } from '../../core/source-files.js';
import type { Decision, OutputJudge } from '../judge.js';
import { CommandError, runCommand } from '../run-command.js';
import { judgeSandboxArgv } from '../sandboxes/judge-sandbox.js';
import type { Program, Verdict } from '../types.js';
import { fileTokenDigest, oneLine, parseReport, type TestLine } from './judge.js';

/** Bump when the judging rules change: verdicts cached under the old ones stop matching. */
const RULES_VERSION = 'library-checker-2';
const CHECKER_SCRIPT = sourceFilePath(import.meta.url, 'run_checker.py');

/**
 * Compressed output a driver sends back for the checker, all tests together (the result channel
 * keeps 32 MiB, base64 takes 4/3). zlib level 1 shrinks the Library Checker answers measured
 * 1.7–3.5× (docs/contest.md): some 37–77 MiB of output; past it, a continuation (decide).
 */
export const CHECKER_OUTPUT_BUDGET = 22 * 1024 ** 2;

/** A judge's verdict names (Library Checker's), from passk's verdict. */
export type JudgeCode = 'AC' | 'WA' | 'TLE' | 'MLE' | 'RE' | 'CE';

export interface CheckerJudgeSpec {
  /** The built tests' folder: `out/` (the answers) and the compiled `checker`. */
  testsDir: string;
  /** The folder of the inputs, `<case>.in`. */
  inputsDir: string;
  /** Case names in order: `in/<case>.in` is the driver's test of the same index. */
  cases: readonly string[];
  limitMs: number;
  /** Each test's memory limit, when the driver set one: a crash near it is MLE. */
  memoryBytes?: number;
  /** Tests of the problem before `cases` (all AC: this run continues an earlier one). */
  before?: number;
  /**
   * The same candidate on the problem's tests from `index` on (with a judge of its own). When a
   * test's output came back past the budget as a digest that is not the answer's, and tests
   * before it in this run did fit, the sample continues from that test, so its whole output
   * reaches the checker: a checker may accept an output other than the answer.
   */
  continueFrom?: (index: number) => Program;
}

/** What one test came to, in order; the first that is not AC decides the verdict. */
interface TestOutcome {
  code: JudgeCode | 'FAIL';
  detail: string;
  /** Only its token digest came back, and not the answer's: the checker never saw it. */
  digestOnly?: boolean;
}

/**
 * Judges a stdio driver's report with the problem's testlib checker: time, crashes and memory
 * from the driver's per-test lines, then every output the driver sent back checked by the
 * checker (input, output, answer) in a sandbox of its own, after the candidate has ended; the
 * answers never enter the candidate's sandbox. An output past the driver's budget (a token
 * digest) is accepted only if its tokens are the answer's.
 */
export function checkerJudge(spec: CheckerJudgeSpec): OutputJudge {
  const key = createHash('sha256')
    .update(JSON.stringify([RULES_VERSION, spec.testsDir, spec.limitMs, spec.memoryBytes]))
    .digest('hex');
  return { key, decide: (raw, report) => decide(spec, raw, report) };
}

async function decide(spec: CheckerJudgeSpec, raw: Verdict, report: string): Promise<Decision> {
  if (raw.status !== 'passed') return raw;
  const { lines, compile } = parseReport(report);
  if (compile !== undefined) {
    return verdictOf(raw, 'CE', `: does not compile: ${oneLine(compile, 300)}`);
  }
  const outcomes: TestOutcome[] = [];
  const toCheck: { index: number; output: Buffer }[] = [];
  for (const [index, name] of spec.cases.entries()) {
    const line = lines.get(index);
    if (line === undefined) {
      const message = `test ${name}: no result`;
      return { ...raw, status: 'incomplete', errorType: 'MissingOutput', message };
    }
    const ended = runOutcome(spec, line);
    if (ended !== undefined) {
      outcomes.push(ended); // the driver runs no test after it
      break;
    }
    if (line.h !== undefined) {
      outcomes.push(await digestOutcome(spec, name, line.h));
    } else {
      toCheck.push({ index, output: outputOf(line) });
      outcomes.push({ code: 'AC', detail: '' }); // until the checker says otherwise
    }
  }
  for (const checked of await runChecker(spec, toCheck)) outcomes[checked.index] = checked.outcome;
  const failing = outcomes.findIndex((outcome) => outcome.code !== 'AC');
  if (failing === -1) return raw;
  const outcome = outcomes[failing]!;
  const before = spec.before ?? 0;
  const where = `test ${spec.cases[failing]} (${before + failing + 1} of ${before + spec.cases.length}; ${before + failing} AC before it)`;
  const verdict = verdictOf(raw, outcome.code, ` on ${where}: ${outcome.detail}`);
  if (outcome.digestOnly === true && failing > 0 && spec.continueFrom !== undefined) {
    return { continueWith: spec.continueFrom(before + failing), otherwise: verdict };
  }
  const line = lines.get(failing);
  return outcome.code === 'TLE' && line?.by === 'cpu'
    ? { ...verdict, finalTimeout: true }
    : verdict;
}

/** The whole output a driver's line carries (compressed, or verbatim). */
function outputOf(line: TestLine): Buffer {
  if (line.z !== undefined) return inflateSync(Buffer.from(line.z, 'base64'));
  return Buffer.from(line.o ?? '', 'utf8');
}

/** TLE, MLE or RE from the driver's line, or undefined when the test ran to its end. */
function runOutcome(spec: CheckerJudgeSpec, line: TestLine): TestOutcome | undefined {
  if (line.s === 'tle') {
    const cpu = line.ms === undefined ? '' : ` (CPU ${(line.ms / 1000).toFixed(2)} s)`;
    return { code: 'TLE', detail: `over the ${spec.limitMs / 1000} s limit${cpu}` };
  }
  if (line.s !== 'crash') return undefined;
  const how = line.g ?? `exit code ${line.c}`;
  const said = line.m ? `: ${oneLine(line.m, 160)}` : '';
  const limit = spec.memoryBytes;
  const memory =
    (limit !== undefined && line.kb !== undefined && line.kb * 1024 >= 0.9 * limit) ||
    /bad_alloc|MemoryError|Cannot allocate memory|out of memory/i.test(line.m ?? '');
  if (!memory) return { code: 'RE', detail: `ended with ${how}${said}` };
  const over = limit === undefined ? 'out of memory' : `over the ${limit >> 20} MiB limit`;
  return { code: 'MLE', detail: `${over} (${how}${said})` };
}

/**
 * Token digests of answer files, by path: an answer can be hundreds of MiB, and every sample
 * whose output went past the budget is compared with it. Built tests never change in place.
 */
const answerDigests = new Map<string, Promise<string>>();

function answerDigest(path: string): Promise<string> {
  let digest = answerDigests.get(path);
  if (digest === undefined) {
    digest = fileTokenDigest(path);
    answerDigests.set(path, digest);
    digest.catch(() => answerDigests.delete(path));
  }
  return digest;
}

async function digestOutcome(
  spec: CheckerJudgeSpec,
  name: string,
  digest: string,
): Promise<TestOutcome> {
  const answer = await answerDigest(join(spec.testsDir, 'out', `${name}.out`));
  return digest === answer
    ? { code: 'AC', detail: '' }
    : {
        code: 'WA',
        detail: 'an output too large to send to the checker, and not the answer',
        digestOnly: true,
      };
}

/** Runs the checker on each output in one sandbox; a checker that cannot run throws (no verdict). */
async function runChecker(
  spec: CheckerJudgeSpec,
  outputs: readonly { index: number; output: Buffer }[],
): Promise<{ index: number; outcome: TestOutcome }[]> {
  if (outputs.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'passk-checker-'));
  try {
    for (const { index, output } of outputs) {
      await writeFile(join(dir, `${spec.cases[index]}.out`), output);
    }
    const names = outputs.map(({ index }) => spec.cases[index]!);
    const limitS = Math.max(spec.limitMs / 1000, 2);
    const argv = judgeSandboxArgv({
      readOnly: {
        '/tests': spec.testsDir,
        '/inputs': spec.inputsDir,
        '/outputs': dir,
        '/run_checker.py': CHECKER_SCRIPT,
      },
      command: [
        '/usr/bin/python3',
        '-I',
        '/run_checker.py',
        '/tests',
        '/inputs',
        '/outputs',
        String(limitS),
        ...names,
      ],
    });
    const { stdout } = await runCommand(argv, {
      timeoutMs: names.length * (3 * limitS + 1) * 1000 + 10_000,
    }).catch((error: unknown) => {
      const why = error instanceof CommandError ? error.stderr.slice(-300) : String(error);
      throw new Error(`the checker sandbox failed: ${why}`);
    });
    const byCase = new Map<string, { code: number; said: string }>();
    for (const text of stdout.split('\n').filter(Boolean)) {
      const line = JSON.parse(text) as { case: string; code: number; said: string };
      byCase.set(line.case, line);
    }
    return outputs.map(({ index }) => {
      const line = byCase.get(spec.cases[index]!);
      if (line === undefined) throw new Error(`the checker said nothing of ${spec.cases[index]}`);
      return { index, outcome: checkerOutcome(line.code, line.said) };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** testlib's exit codes: 0 ok, 3 the checker's own failure, anything else a wrong answer. */
function checkerOutcome(code: number, said: string): TestOutcome {
  const what = oneLine(said, 200);
  if (code === 0) return { code: 'AC', detail: '' };
  if (code === 3) return { code: 'FAIL', detail: `the checker failed (testlib FAIL): ${what}` };
  if (code === -1) return { code: 'FAIL', detail: 'the checker ran over its time limit' };
  return { code: 'WA', detail: `checker: ${what}` };
}

const STATUS: Record<JudgeCode | 'FAIL', [Verdict['status'], string]> = {
  AC: ['passed', ''],
  WA: ['failed', 'WrongAnswer'],
  TLE: ['timeout', 'TimeLimitExceeded'],
  MLE: ['memory', 'MemoryLimitExceeded'],
  RE: ['error', 'RuntimeError'],
  CE: ['error', 'CompileError'],
  FAIL: ['error', 'CheckerFailed'],
};

function verdictOf(raw: Verdict, code: JudgeCode | 'FAIL', message: string): Verdict {
  const [status, errorType] = STATUS[code];
  return { ...raw, status, errorType, message: `${code}${message}`.slice(0, 400) };
}

/** The judge's name for a verdict this judge decided (or the sandbox's own failure of it). */
export function judgeCode(verdict: Verdict): JudgeCode | undefined {
  if (verdict.status === 'passed') return 'AC';
  if (verdict.errorType === 'CompileError') return 'CE';
  const found = (Object.entries(STATUS) as [JudgeCode | 'FAIL', [string, string]][]).find(
    ([, [, type]]) => type === verdict.errorType,
  );
  if (found && found[0] !== 'FAIL') return found[0];
  if (verdict.status === 'timeout') return 'TLE';
  if (verdict.status === 'memory') return 'MLE';
  return undefined;
}
