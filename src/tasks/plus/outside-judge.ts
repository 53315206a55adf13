import { createHash } from 'node:crypto';
import type { ImmediateJudge } from '../../execution/judge.js';
import type { Verdict } from '../../execution/types.js';
import { INPUT_TIME_LIMIT } from '../../execution/verdict.js';
import { atolAfter, checkOutput, type EvalPlusDataset } from './evalplus-rules.js';
import { decodePy, type PyValue, showPy } from './pyvalue.js';

/** Bump when the comparison below changes: verdicts cached under the old rules stop matching. */
const RULES_VERSION = 'evalplus-outside-2'; // 2: the float tolerance carries over (atolAfter)

/** What the parent knows about one input; none of it enters the sandbox except the arguments. */
export interface JudgeCase {
  index: number;
  args: PyValue[];
  /** The ground truth's output, or the digest of its canonical literal when it is big. */
  expected: { value: PyValue } | { digest: string };
}

export interface OutsideJudgeSpec {
  dataset: EvalPlusDataset;
  entryPoint: string;
  atol: number;
  cases: readonly JudgeCase[];
  /** Inputs in the suite, for messages. */
  total: number;
  /** A digest of the cases' expected data (computed once per problem and suite). */
  expectedDigest: string;
}

interface OutputLine {
  e: 'o';
  i: number;
  v?: unknown;
  h?: string;
  x?: string;
}

/**
 * Judges the outputs a suite program (suite-program.ts, outside mode) wrote: every input must
 * have exactly one output line, each accepted by EvalPlus's rules (evalplus-rules.ts), and the
 * program must have ended normally. A forged line or an early "end" only helps a program that
 * already knows the right outputs.
 */
export function outsideJudge(spec: OutsideJudgeSpec): ImmediateJudge {
  const key = createHash('sha256')
    .update(JSON.stringify([RULES_VERSION, spec.dataset, spec.entryPoint, spec.atol, spec.total]))
    .update(spec.expectedDigest)
    .digest('hex');
  return { key, decide: (raw, report) => decide(spec, raw, report) };
}

/** A stable digest of judge cases, for OutsideJudgeSpec.expectedDigest. */
export function casesDigest(cases: readonly JudgeCase[]): string {
  const hash = createHash('sha256');
  for (const c of cases) {
    hash.update(JSON.stringify([c.index, c.args, c.expected], bigintJson));
    hash.update('\n');
  }
  return hash.digest('hex');
}

function bigintJson(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

function decide(spec: OutsideJudgeSpec, raw: Verdict, report: string): Verdict {
  if (raw.status !== 'passed') return raw;
  const fail = (status: Verdict['status'], errorType: string, message: string): Verdict => ({
    ...raw,
    status,
    errorType,
    message: message.slice(0, 300),
  });
  const lines = outputLines(report);
  // EvalPlus's loop variable: once set by a float output, it holds for the inputs after it.
  let atol = spec.atol;
  for (const c of spec.cases) {
    const found = lines.get(c.index);
    const where = `input ${c.index} of ${spec.total}`;
    if (found === undefined) return fail('incomplete', 'MissingOutput', `${where}: no output`);
    if (found === 'duplicate') return fail('failed', 'DuplicateOutput', `${where}: two outputs`);
    if (found.x !== undefined) {
      const type = String(found.x).slice(0, 60);
      if (type === INPUT_TIME_LIMIT)
        return fail('timeout', 'InputTimeLimit', `${where}: passed its time limit`);
      return fail('error', type, `${where} raised ${type}`);
    }
    const verdict = judgeOne(spec, c, found, atol);
    if (verdict !== undefined) return fail('failed', 'WrongOutput', `${where}: ${verdict}`);
    if ('value' in c.expected) atol = atolAfter({ ...spec, exp: c.expected.value, atol });
  }
  return raw;
}

/** Why the output is wrong, or undefined when it is accepted. */
function judgeOne(
  spec: OutsideJudgeSpec,
  c: JudgeCase,
  line: OutputLine,
  atol: number,
): string | undefined {
  if ('digest' in c.expected) {
    return line.h === c.expected.digest ? undefined : 'not the expected (long) output';
  }
  if (line.h !== undefined || !('v' in line)) return 'no value';
  let out: PyValue;
  try {
    out = decodePy(line.v);
  } catch {
    return 'an output passk cannot read';
  }
  const exp = c.expected.value;
  const ok = checkOutput({
    dataset: spec.dataset,
    entryPoint: spec.entryPoint,
    args: c.args,
    out,
    exp,
    atol,
  });
  return ok ? undefined : `got ${showPy(out)}, expected ${showPy(exp)}`;
}

/** The output lines by input index ('duplicate' when an index has two). */
function outputLines(report: string): Map<number, OutputLine | 'duplicate'> {
  const lines = new Map<number, OutputLine | 'duplicate'>();
  for (const text of report.split('\n')) {
    if (!text.startsWith('{"e": "o"')) continue;
    let parsed: OutputLine;
    try {
      parsed = JSON.parse(text) as OutputLine;
    } catch {
      continue; // a torn line is no output
    }
    if (parsed.e !== 'o' || !Number.isInteger(parsed.i)) continue;
    lines.set(parsed.i, lines.has(parsed.i) ? 'duplicate' : parsed);
  }
  return lines;
}
