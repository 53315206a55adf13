import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ImmediateJudge } from '../judge.js';
import type { Verdict } from '../types.js';
import { clip, type Tolerance, tokens } from './compare.js';
import { compareAs, type OutputComparison } from './reference-compare.js';

/** Bump when the comparison changes: verdicts cached under the old rules stop matching. */
const RULES_VERSION = 'stdio-2'; // 2: the comparison is named (reference-compare.ts)

export interface StdioCase {
  input: string;
  output: string;
}

/** One test's line from the driver (driver-py.ts). */
export interface TestLine {
  e: 't';
  i: number;
  s: 'ok' | 'tle' | 'crash';
  o?: string;
  /** The output zlib-compressed, base64 (a driver with an output budget). */
  z?: string;
  h?: string;
  c?: number;
  g?: string;
  m?: string;
  ms?: number;
  /** Peak resident memory of the test's process, KiB. */
  kb?: number;
  /** What decided a 'tle': its CPU time, or the wall-clock backstop (a sleeper, or load). */
  by?: 'cpu' | 'wall';
}

/** The digest the driver sends for a large output: sha256 of its tokens joined by one space. */
export function tokenDigest(text: string): string {
  return createHash('sha256').update(tokens(text).join(' ')).digest('hex');
}

const SPACE_FIRST = /^[ \t\n\r\v\f]/;
const SPACE_LAST = /[ \t\n\r\v\f]$/;

/**
 * tokenDigest of a file, read in pieces (a judge's answers run to 330 MB, too large for one
 * string): a token may go on from one piece into the next, as in the driver's _TokenDigest.
 */
export async function fileTokenDigest(path: string, pieceBytes = 1 << 20): Promise<string> {
  const hash = createHash('sha256');
  let started = false;
  let gap = false;
  for await (const piece of createReadStream(path, { highWaterMark: pieceBytes })) {
    // latin1: one character per byte, so a piece may end inside a UTF-8 sequence.
    const text = (piece as Buffer).toString('latin1');
    const found = tokens(text);
    if (found.length === 0) {
      gap ||= started && text.length > 0;
      continue;
    }
    if (started && (gap || SPACE_FIRST.test(text))) hash.update(' ');
    hash.update(Buffer.from(found.join(' '), 'latin1'));
    started = true;
    gap = SPACE_LAST.test(text);
  }
  return hash.digest('hex');
}

/**
 * Judges the lines a stdio driver wrote: every test must have its line, each 'ok' with an output
 * that matches (compareOutputs) — the first that does not names the test, its input and both
 * outputs. The expected outputs stay in this process.
 */
export function stdioJudge(
  cases: readonly StdioCase[],
  tolerance: Tolerance,
  limitMs: number,
  comparison: OutputComparison = 'tokens',
): ImmediateJudge {
  const hash = createHash('sha256').update(
    JSON.stringify([RULES_VERSION, comparison, tolerance, limitMs, cases.length]),
  );
  for (const c of cases) hash.update(`\0${c.output}`);
  const rule = { tolerance, comparison };
  return {
    key: hash.digest('hex'),
    decide: (raw, report) => decide(cases, rule, limitMs, raw, report),
  };
}

interface Rule {
  tolerance: Tolerance;
  comparison: OutputComparison;
}

function decide(
  cases: readonly StdioCase[],
  rule: Rule,
  limitMs: number,
  raw: Verdict,
  report: string,
): Verdict {
  if (raw.status !== 'passed') return raw;
  const fail = (status: Verdict['status'], errorType: string, message: string): Verdict => ({
    ...raw,
    status,
    errorType,
    message: message.slice(0, 400),
  });
  const { lines, compile } = parseReport(report);
  if (compile !== undefined) {
    return fail('error', 'CompileError', `does not compile: ${oneLine(compile, 300)}`);
  }
  for (const [index, c] of cases.entries()) {
    const where = `test ${index + 1} of ${cases.length} (input ${clip(c.input)})`;
    const line = lines.get(index);
    if (line === undefined) return fail('incomplete', 'MissingOutput', `${where}: no result`);
    if (line.s === 'tle') {
      const timeout = fail(
        'timeout',
        'TimeLimitExceeded',
        `${where}: over the ${limitMs / 1000} s limit`,
      );
      // On CPU time: the same on any machine, so never re-run (a second run cost its limit again).
      return line.by === 'cpu' ? { ...timeout, finalTimeout: true } : timeout;
    }
    if (line.s === 'crash') {
      const how = line.g ?? `exit code ${line.c}`;
      const said = line.m ? `: ${oneLine(line.m, 160)}` : '';
      return fail('error', 'RuntimeError', `${where}: ended with ${how}${said}`);
    }
    const wrong = outputMismatch(c.output, line, rule);
    if (wrong !== undefined) return fail('failed', 'WrongAnswer', `${where}: ${wrong}`);
  }
  return raw;
}

/** Why the reported output is wrong, or undefined when it matches. */
function outputMismatch(expected: string, line: TestLine, rule: Rule): string | undefined {
  // A long output comes as its token digest: only the same tokens match, whatever the rule.
  if (line.h !== undefined) {
    return line.h === tokenDigest(expected) ? undefined : 'a long output that differs';
  }
  const got = line.o ?? '';
  const result = compareAs(rule.comparison, expected, got, rule.tolerance);
  if (result.ok) return undefined;
  return `${result.reason}; expected ${clip(expected)}, got ${clip(got)}`;
}

export function oneLine(text: string, max: number): string {
  const flat = text.split(/\s+/).join(' ').trim();
  return flat.length > max ? `…${flat.slice(-max)}` : flat;
}

/** The driver's test lines by index (a torn or repeated line counts as none) and a compile error. */
export function parseReport(report: string): { lines: Map<number, TestLine>; compile?: string } {
  const lines = new Map<number, TestLine>();
  const repeated = new Set<number>();
  let compile: string | undefined;
  for (const text of report.split('\n')) {
    if (!text.startsWith('{"e": ')) continue;
    let parsed: { e?: unknown; i?: unknown; m?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (parsed.e === 'compile') compile = String(parsed.m ?? '');
    if (parsed.e !== 't' || !Number.isInteger(parsed.i)) continue;
    const index = parsed.i as number;
    if (lines.has(index)) repeated.add(index);
    lines.set(index, parsed as TestLine);
  }
  for (const index of repeated) lines.delete(index);
  return compile === undefined ? { lines } : { lines, compile };
}
