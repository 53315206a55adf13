import { createHash } from 'node:crypto';
import type { RunEventListener } from '../execution/events.js';
import { filesText } from '../execution/program-files.js';
import type {
  ExecJob,
  ExecLimits,
  Executor,
  JudgePlacement,
  Program,
  Verdict,
} from '../execution/types.js';
import type {
  GenerationRecord,
  RerunInfo,
  ResultRecord,
  SampleError,
  SuiteResult,
} from '../store/records.js';
import { combineSuites, suitesOf } from '../store/suites.js';
import type { Problem, Task } from '../tasks/types.js';

/**
 * Builds one job per (sample, suite) that has a program: candidate + that suite's tests, keyed
 * 'problemId#sample' (tasks without suites) or 'problemId#sample@suite'. A problem's own limit
 * for a suite (Problem.suiteTimeoutMs), or without suites its own (Problem.timeoutMs), replaces
 * `limits.timeoutMs`. Samples whose generation
 * failed have nothing to run (see failedResult).
 */
export function buildJobs(
  task: Task,
  problems: readonly Problem[],
  records: readonly GenerationRecord[],
  limits: ExecLimits,
  judge: JudgePlacement = 'outside',
): ExecJob[] {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const suites = suitesOf(task);
  return records.flatMap((record) => {
    if (record.error) return [];
    const problem = byId.get(record.problemId);
    if (!problem) throw new Error(`internal: no problem ${record.problemId} for a sample`);
    return suites.map((suite) => {
      const own = suite === undefined ? problem.timeoutMs : problem.suiteTimeoutMs?.[suite];
      const timeoutMs = own ?? limits.timeoutMs;
      return {
        id: jobId(record, suite),
        program: placed(taskProgram(task, problem, record.program, suite), judge),
        limits: timeoutMs === limits.timeoutMs ? limits : { ...limits, timeoutMs },
      };
    });
  });
}

/** The task's program for a candidate, carrying the task's library environment when it has one. */
export function taskProgram(
  task: Task,
  problem: Problem,
  candidate: string,
  suite?: string,
): ReturnType<Task['program']> {
  const program = task.program(problem, candidate, ...(suite === undefined ? [] : [suite]));
  if (!task.environment || program.environment) return program;
  return { ...program, environment: task.environment };
}

/**
 * `--judge in-process`: the program as one in-process program (its `source`, bit-exact with the
 * reference harness), without the split outside judging runs.
 */
export function placed(program: Program, judge: JudgePlacement): Program {
  if (judge === 'outside' || program.functionServer === undefined) return program;
  const { functionServer: _split, ...inProcess } = program;
  return inProcess;
}

export function jobId(
  record: Pick<GenerationRecord, 'problemId' | 'sample'>,
  suite?: string,
): string {
  const id = `${record.problemId}#${record.sample}`;
  return suite === undefined ? id : `${id}@${suite}`;
}

/**
 * Runs every job and returns one result per record, in the records' order; with `suites`
 * (the task's), each record folds its suites' verdicts together (see combineSuites).
 */
export async function executeSamples(
  executor: Executor,
  jobs: readonly ExecJob[],
  records: readonly GenerationRecord[],
  onEvent: RunEventListener,
  signal?: AbortSignal,
  suites?: readonly string[],
  drain?: AbortSignal,
): Promise<ResultRecord[]> {
  let done = 0;
  let passed = 0;
  // Deduplication is the executor's (see run.json's counters); no second pass over the sources.
  onEvent({ type: 'execution-start', programs: jobs.length });
  const started = performance.now();
  const settled = new Map<string, Verdict>();
  const stop = signal && drain ? AbortSignal.any([signal, drain]) : (signal ?? drain);
  let verdicts: Map<string, Verdict>;
  try {
    verdicts = await executor.run(jobs, {
      ...(stop ? { signal: stop } : {}),
      onVerdict: (id, verdict) => {
        settled.set(id, verdict);
        done++;
        if (verdict.status === 'passed') passed++;
        onEvent({ type: 'verdict', id, verdict, done, total: jobs.length, passed });
      },
    });
  } catch (error) {
    // Drained (the first Ctrl-C): the executor took no new program and let the running ones
    // finish; their verdicts are kept and the samples not judged are left out (a partial run).
    if (!drain?.aborted || signal?.aborted) throw error;
    verdicts = settled;
  } finally {
    // also when the executor failed: a listener's progress timer stops with the programs
    onEvent({ type: 'execution-done', durationMs: performance.now() - started });
  }
  const judged = (record: GenerationRecord) =>
    record.error !== undefined ||
    (suites?.length ? suites : [undefined]).every((suite) => verdicts.has(jobId(record, suite)));
  const jobsById = new Map(jobs.map((job) => [job.id, job]));
  const resultOf = (record: GenerationRecord, suite?: string): ResultRecord => {
    const job = jobsById.get(jobId(record, suite));
    const verdict = job && verdicts.get(job.id);
    if (!job || !verdict) throw new Error(`internal: no verdict for ${jobId(record, suite)}`);
    return toResult(record, job, verdict);
  };
  return records.filter(judged).map((record) => {
    if (record.error) return failedResult(record, record.error);
    if (suites === undefined || suites.length === 0) return resultOf(record);
    const bySuite: Record<string, SuiteResult> = {};
    for (const suite of suites) bySuite[suite] = toSuiteResult(resultOf(record, suite));
    return combineSuites({ task_id: record.problemId, sample: record.sample }, suites, bySuite);
  });
}

function toSuiteResult(result: ResultRecord): SuiteResult {
  return {
    status: result.status,
    ...(result.error_type === undefined ? {} : { error_type: result.error_type }),
    ...(result.message === undefined ? {} : { message: result.message }),
    duration_ms: result.duration_ms,
    program_hash: result.program_hash,
    ...(result.rerun === undefined ? {} : { rerun: result.rerun }),
    ...(result.tamper === undefined ? {} : { tamper: result.tamper }),
    ...(result.judge === undefined ? {} : { judge: result.judge }),
    ...(result.judge_fallback === undefined ? {} : { judge_fallback: result.judge_fallback }),
  };
}

/**
 * A sample the model never produced. A prompt longer than the model's context is the model's
 * limit, so it counts as a failed sample; a request that failed for good is the
 * infrastructure's fault, so it is left out of n like a sandbox failure (and resume retries it).
 */
function failedResult(record: GenerationRecord, error: SampleError): ResultRecord {
  const promptTooLong = error.kind === 'prompt_too_long';
  return {
    task_id: record.problemId,
    sample: record.sample,
    program_hash: '',
    status: promptTooLong ? 'error' : 'infra-error',
    error_type: promptTooLong ? 'PromptTooLong' : 'RequestFailed',
    message: error.message.slice(0, 300),
    duration_ms: 0,
  };
}

function toResult(record: GenerationRecord, job: ExecJob, verdict: Verdict): ResultRecord {
  return {
    task_id: record.problemId,
    sample: record.sample,
    program_hash: programHash(job.program),
    status: verdict.status,
    ...(verdict.errorType === undefined ? {} : { error_type: verdict.errorType }),
    ...(verdict.message === undefined ? {} : { message: verdict.message }),
    duration_ms: Math.round(verdict.durationMs * 10) / 10,
    ...(verdict.cpuMs === undefined ? {} : { cpu_ms: Math.round(verdict.cpuMs * 10) / 10 }),
    ...(record.attempt === undefined ? {} : { attempt: record.attempt }),
    ...rerunOf(verdict),
    ...(verdict.tamper === undefined ? {} : { tamper: verdict.tamper }),
    ...(verdict.traceback === undefined ? {} : { traceback: verdict.traceback }),
    ...placementOf(verdict),
  };
}

/** results.jsonl `judge` and `judge_fallback`: where the verdict was decided (outside judging). */
function placementOf(verdict: Verdict): Pick<ResultRecord, 'judge' | 'judge_fallback'> {
  if (verdict.placement === undefined) return {};
  return {
    judge: verdict.placement,
    ...(verdict.placementFallback === undefined
      ? {}
      : { judge_fallback: verdict.placementFallback }),
  };
}

/** results.jsonl `rerun`: the verdict came from a second run; the first run's timings. */
function rerunOf(verdict: Verdict): { rerun?: RerunInfo } {
  if (verdict.rerun !== true) return {};
  const first = verdict.firstAttempt;
  const ms = (x: number) => Math.round(x * 10) / 10;
  return {
    rerun: {
      reason: verdict.rerunReason ?? 'unknown',
      first_status: first?.status ?? 'timeout',
      first_duration_ms: first === undefined ? 0 : ms(first.durationMs),
      ...(first?.cpuMs === undefined ? {} : { first_cpu_ms: ms(first.cpuMs) }),
    },
  };
}

/** results.jsonl `program_hash`: the source's sha256; a multi-file program's hashes its files too. */
function programHash(program: Program): string {
  const hash = createHash('sha256').update(program.source);
  if (program.files !== undefined) hash.update(`\0files\0${filesText(program.files)}`);
  return hash.digest('hex');
}
