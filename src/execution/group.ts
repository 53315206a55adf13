import { randomBytes } from 'node:crypto';
import { judged } from './judge.js';
import type { ProgramAdapter, Toolchain } from './languages/kit/types.js';
import { classifyOutside, fallbackReason } from './outside-verdict.js';
import { attempt, type SlotPool } from './pool.js';
import { applyReferenceRules } from './reference-rules.js';
import type { RerunReason } from './rerun.js';
import { resolveLimits } from './sandboxes/common.js';
import type { ProgramRequest, Slot } from './sandboxes/types.js';
import { withTamperRule } from './tamper.js';
import type { ExecJob, Program, Verdict } from './types.js';
import { classify } from './verdict.js';

/** A resolved runtime with its own pool of slots. */
export interface Engine {
  toolchain: Toolchain;
  adapter: ProgramAdapter;
  pool: SlotPool;
  /** ExecutorOptions.keepTracebacks, on the Python engine: whole tracebacks asked for and kept. */
  keepTracebacks?: boolean;
}

/** Jobs that share one content key: run once, verdict shared. */
export interface Group {
  key: string;
  ids: string[];
  job: ExecJob;
  engine: Engine;
  expectedMs: number;
  /** Set when a first-run timeout is queued to run again (rerun.ts says why). */
  rerunReason?: RerunReason;
  /** The first run's verdict, kept for the re-run's record (results.jsonl `rerun`). */
  firstVerdict?: Verdict;
}

export function byEngine(groups: readonly Group[]): Map<Engine, Group[]> {
  const map = new Map<Engine, Group[]>();
  for (const group of groups) {
    const list = map.get(group.engine);
    if (list) list.push(group);
    else map.set(group.engine, [group]);
  }
  return map;
}

/**
 * Runs one program (with the pool's one retry) and classifies the result. A program with a
 * `functionServer` is judged outside (outside-verdict.ts) where the slot can, else in-process,
 * and its verdict says which (`placement`, and why it fell back).
 */
export async function runGroup(group: Group, slot: Slot): Promise<Verdict> {
  const split = group.job.program.functionServer;
  if (split === undefined) return runInProcess(group, slot);
  if (slot.judgesOutside !== true)
    return inProcessFallback(group, slot, 'this sandbox starts a fresh interpreter per program');
  const limits = resolveLimits(group.job.limits);
  const plan = group.engine.adapter.plan(split.candidate, limits);
  const request: ProgramRequest = {
    ...plan,
    tests: split.tests,
    ...(split.entryPoints?.length ? { entryPoints: split.entryPoints } : {}),
    ...semanticsOf(group.job.program),
    ...tracebacksOf(group),
    nonce: newNonce(),
    limits,
  };
  const result = await attempt(slot, request);
  if ('infra' in result) return infraVerdict(result.infra);
  const reason = fallbackReason(result.outcome);
  if (reason !== undefined) return inProcessFallback(group, slot, reason);
  return withTraceback(group, classifyOutside(result.outcome), result.outcome.stderrTail);
}

async function inProcessFallback(group: Group, slot: Slot, reason: string): Promise<Verdict> {
  const verdict = await runInProcess(group, slot);
  return { ...verdict, placement: 'in-process', placementFallback: reason };
}

function infraVerdict(error: Error): Verdict {
  return {
    status: 'infra-error',
    errorType: 'SandboxError',
    message: error.message.slice(0, 300),
    durationMs: 0,
  };
}

/**
 * Continuations one sample may run in a row. Each judges strictly fewer tests than the run
 * before it (JudgeContinuation), and checkerJudge's each follow a whole output budget's worth
 * of output (22 MiB compressed), so real ones are a handful: Library Checker's problems have at
 * most 72 tests (`string/aho_corasick`). The bound stops a judge that would ask for ever.
 */
export const MAX_CONTINUATIONS = 100;

async function runInProcess(group: Group, slot: Slot, continuations = 0): Promise<Verdict> {
  const limits = resolveLimits(group.job.limits);
  const { adapter } = group.engine;
  const source = group.job.program.source;
  const request: ProgramRequest = {
    ...adapter.plan(source, limits, group.job.program.files),
    ...semanticsOf(group.job.program),
    ...tracebacksOf(group),
    nonce: newNonce(),
    limits,
  };
  const result = await attempt(slot, request);
  // Only the worker's own channel says "infrastructure" (pool.ts); an outcome is the program's.
  if ('infra' in result) return infraVerdict(result.infra);
  const verdict = classify(result.outcome, request.nonce, adapter.diagnose);
  const reviewed = adapter.review ? adapter.review(source, verdict) : verdict;
  const ruled = applyReferenceRules(
    reviewed,
    result.outcome.stderrTail,
    group.job.program.referenceRules,
  );
  // A judge's continuation runs in this slot, as this group's program (its own judge decides);
  // past MAX_CONTINUATIONS the judge's `otherwise` stands, so a judge can never loop.
  const continueRun =
    continuations < MAX_CONTINUATIONS
      ? (program: Program) =>
          runInProcess({ ...group, job: { ...group.job, program } }, slot, continuations + 1)
      : undefined;
  const final = await judged(ruled, result.outcome.report, group.job.program.judge, continueRun);
  const verdictWithRule = withTamperRule(final, reviewed.tamper ?? verdict.tamper);
  return withTraceback(group, verdictWithRule, result.outcome.stderrTail);
}

/** The request's `tracebacks`, when the executor keeps them (Python: the worker reads it). */
function tracebacksOf(group: Group): Pick<ProgramRequest, 'tracebacks'> {
  return group.engine.keepTracebacks === true ? { tracebacks: true } : {};
}

/** With keepTracebacks, a verdict other than a pass keeps the traceback its stderr ends with. */
function withTraceback(group: Group, verdict: Verdict, stderrTail: string): Verdict {
  if (group.engine.keepTracebacks !== true) return verdict;
  if (verdict.status === 'passed' || stderrTail.trim() === '') return verdict;
  return { ...verdict, traceback: stderrTail };
}

/** The request's `semantics`, when the program asks for a reference harness's. */
function semanticsOf(program: Program): Pick<ProgramRequest, 'semantics'> {
  return program.semantics === undefined ? {} : { semantics: program.semantics };
}

function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}
