import { ConfigError, ExecutionDisabledError } from '../core/errors.js';
import { PASSK_VERSION } from '../core/version.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import type { RunEventListener } from '../execution/events.js';
import { checkVenvDir, DEFAULT_SANDBOX, runPreflight } from '../execution/index.js';
import type { RemoteExecutorOptions } from '../execution/remote/executor.js';
import type { Executor, JudgePlacement } from '../execution/types.js';
import { attemptRates } from '../metrics/attempts.js';
import { writeBigcodeReferences } from '../store/formats/references.js';
import { buildMetrics, type MetricsFile } from '../store/metrics-file.js';
import { checkRunStore } from '../store/output-paths.js';
import type { ResultRecord } from '../store/records.js';
import type { RunInfo } from '../store/run-dir.js';
import { claimRunDir } from '../store/run-lock.js';
import { judgingDifferences, referenceDifferences } from '../tasks/differences.js';
import { perMonthPassRate } from '../tasks/kit/date-window.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import { taskParamsOf } from '../tasks/kit/task-args.js';
import type { Problem, Task } from '../tasks/types.js';
import { bigcodeConfig } from './bigcode-config.js';
import { type CandidateSource, completionReading } from './candidates.js';
import {
  type GenerationConfig,
  programLimits,
  referenceLimits,
  resolveRunConfig,
  savedGenerationConfig,
  scoringConfig,
} from './config.js';
import { buildJobs, executeSamples, placed } from './execute.js';
import { partialMessage, partialRun } from './partial.js';
import { persistRun } from './persist.js';
import { prepareProblems } from './prepare.js';
import { type LoadedProblems, loadProblems, type ProblemSelection } from './problems.js';
import { pythonEnvironment } from './python-environment.js';
import { checkAgrees, openRunExecutor, withRemoteExecutor } from './run-executor.js';
import {
  noReferenceCanaryMessage,
  notRunnableMessage,
  referenceCanaries,
  runnableProblems,
} from './runnable.js';
import { selectCandidates } from './select.js';
import type { Shard } from './shard.js';
import { type UnscoredSamples, unscoredSamples } from './unscored.js';

export interface EvaluateOptions extends ProblemSelection {
  /** A registered task name or a Task object. */
  task: string | Task;
  /**
   * The task family's parameters (the CLI's `--task-arg key=value`, e.g. `{ fim_format: 'codellama' }`),
   * validated by its schema; recorded in metrics.json `config.task_params`.
   */
  params?: Record<string, unknown>;
  candidates: CandidateSource;
  /** Must be true: the programs are untrusted model output. */
  allowCodeExecution: boolean;
  /** The ks to report; each only where every problem has at least k samples. Default 1, 10, 100. */
  k?: number[];
  /**
   * Per-program wall-clock limit; defaults to the task's. For tasks that derive per-problem
   * limits (EvalPlus's plus suite), the floor under them.
   */
  timeoutMs?: number;
  /**
   * For tasks that derive limits from a reference's measured time (humanevalplus, mbppplus):
   * the multiplier, per input `max(1 s, timeFactor × ground-truth time)` (EvalPlus). Default 4.
   */
  timeFactor?: number;
  /**
   * Where verdicts are decided for tasks whose tests call the candidate's functions (HumanEval,
   * MBPP, …; docs/tasks.md): 'outside' (default; the tests run in a judge process apart from the
   * candidate's, see docs/security.md) or 'in-process' (candidate and tests in one process, as
   * the reference harnesses run them, bit-exact). Recorded in metrics.json `config.judge`.
   */
  judge?: JudgePlacement;
  /** Per-program address-space limit; default 2 GiB. */
  memoryBytes?: number;
  workers?: number;
  sandbox?: string;
  /**
   * An executor you made with createExecutor() and close yourself: the run uses it and leaves
   * it open, so evaluating many tasks starts sandboxes, warm workers and toolchains once instead
   * of once per task (for Python about 0.15 s of CPU per evaluate). Its sandbox, workers and
   * verdict cache are the run's (`sandbox`/`workers` may be given only if equal, `verdictCache`
   * not at all); give `pythonEnv` as you gave it to the executor. A task's library environment
   * still gets its own worker pool in it. run.json counts only this run's programs.
   */
  executor?: Executor;
  /**
   * Run the programs on `passk serve` instances instead of here (CLI `--executor`; see
   * docs/serve.md, "Remote executors"): results are the ones a local run gives. Their sandbox,
   * workers and verdict cache are the servers' (`sandbox`, `workers`, `verdictCache`,
   * `pythonEnv` and `executor` may not be given with it).
   */
  remoteExecutors?: RemoteExecutorOptions;
  /**
   * For tasks with a library environment: a virtual environment (its site-packages mounted
   * read-only) instead of Debian's dist-packages; see docs/environments.md.
   */
  pythonEnv?: string;
  /**
   * Keep each failing Python program's whole traceback in results.jsonl (`traceback`). Off by
   * default: the verdict never reads it and printing it costs more than most programs do.
   */
  keepTracebacks?: boolean;
  /**
   * Verdict cache directory (identical programs under identical limits are not run again);
   * false disables it (no verdict reuse; compiled artifacts stay, see artifactsDir).
   * Default: $PASSK_CACHE_DIR/verdicts, else ~/.cache/passk/verdicts.
   */
  verdictCache?: string | false;
  /**
   * Compiled programs and toolchain caches (Go's build cache, Rust's crates, C++'s precompiled
   * headers); false compiles everything in every run (CLI `--no-artifact-cache`). Default:
   * $PASSK_ARTIFACTS_DIR, else `artifacts` in the verdict cache folder (ExecutorOptions).
   */
  artifactsDir?: string | false;
  /** Run the preflight canaries before scoring (default true). */
  preflight?: boolean;
  dataset?: DatasetLoadOptions;
  /**
   * Evaluate only this shard of the selected problems (contiguous blocks, see selectShard);
   * `passk merge` combines the N shard runs into one.
   */
  shard?: Shard;
  /**
   * A contamination.json (from `passk contamination`) whose flagged problems are left out of the
   * score; the ids left out are recorded in metrics.json config.excluded_contaminated.
   */
  excludeContaminated?: string;
  /**
   * For a task built from another run's samples (Task.input, e.g. humanevalexplainsynthesize-*):
   * that run's directory, its generations file, or 'reference'. Recorded in metrics.json config.
   */
  taskInput?: string;
  /** Where to write metrics.json, results.jsonl, generations.json and samples.jsonl. */
  outputDir?: string;
  /** Replace a finished run in outputDir (one with metrics.json); without it that is refused. */
  overwrite?: boolean;
  /** Also write bigcode's references.json (each problem's test code) to outputDir. */
  saveReferences?: boolean;
  /**
   * The SQLite run store to record the run in (only with outputDir); false: do not record.
   * Default: $PASSK_DB, else passk.db in the folder that holds outputDir.
   */
  db?: string | false;
  /** Extra provenance stored in metrics.json, e.g. `{ generation: … }` from a model run. */
  provenance?: Record<string, unknown>;
  /** Extra run-specific facts for run.json, e.g. a model run's retry counters. */
  runInfo?: Pick<RunInfo, 'generation'>;
  /** A model run's generation settings, recorded in run.json's config (runModel sets it). */
  generationConfig?: GenerationConfig;
  /** `--label`: a name for the run, in run.json and the run store (reports show it). */
  label?: string;
  onEvent?: RunEventListener;
  /** Hard stop: throws an AbortError once the programs running have ended; nothing is written. */
  signal?: AbortSignal;
  /**
   * Soft stop (the CLI's first Ctrl-C): no new program starts, the running ones finish, and the
   * samples judged so far are scored and written, with metrics.json `partial` saying so.
   */
  drain?: AbortSignal;
}

export interface EvaluateResult {
  metrics: MetricsFile;
  results: ResultRecord[];
  /** Files written, by role (with 'db' when the run was recorded); empty without outputDir. */
  files: Record<string, string>;
  /** The run's id in the run store, when it was recorded there. */
  runId?: string;
  /** Samples left out of n that a complete run would have scored (the run is incomplete). */
  unscored: UnscoredSamples;
}

/** Evaluates a set of candidate programs against a task's tests and returns pass@k. */
export async function evaluate(options: EvaluateOptions): Promise<EvaluateResult> {
  // Checked first so that a user without the flag learns it before any slow work.
  if (options.allowCodeExecution !== true) throw new ExecutionDisabledError();
  if (options.remoteExecutors !== undefined) return withRemoteExecutor(options, evaluate);
  if (options.executor !== undefined) checkAgrees(options.executor, options);
  // Likewise the output dir, locked before anything is written to it: a finished run is not
  // replaced by accident, a second process writing there is refused, and an unwritable folder
  // fails now rather than after every program ran.
  const overwrite = options.overwrite === true;
  const { outputDir } = options;
  const release = outputDir === undefined ? undefined : await claimRunDir(outputDir, { overwrite });
  try {
    return await evaluateClaimed(options);
  } finally {
    release?.();
  }
}

async function evaluateClaimed(options: EvaluateOptions): Promise<EvaluateResult> {
  if (options.outputDir !== undefined && options.db !== false) {
    await checkRunStore(options.db, options.outputDir); // `--db false`, an unwritable store
  }
  const startedAt = new Date();
  const started = performance.now();
  const emit = options.onEvent ?? (() => {});
  const task = await resolveTask(options.task, options.params);
  if (task.generationOnly !== undefined) {
    throw new ConfigError(`${task.name} cannot be evaluated: it ${task.generationOnly}`);
  }
  if (options.pythonEnv !== undefined) {
    checkVenvDir(options.pythonEnv);
    if (task.environment === undefined) {
      emit({
        type: 'warning',
        message: `${task.name} needs no Python libraries: --python-env is not used`,
      });
    }
  }
  const generationConfig = options.generationConfig ?? (await savedGenerationConfig(options));
  const config = resolveRunConfig(task, {
    ...options,
    ...(options.executor && executorConfig(options.executor)),
    ...(generationConfig && { generationConfig }),
  });
  // The executor (probes, sandbox check, first worker) starts beside the dataset load and the
  // candidates' parsing, which it does not depend on; a failure there still comes first.
  const opening = openRunExecutor({
    ...options,
    warm: { language: task.language, ...(task.environment && { environment: task.environment }) },
  });
  // Handled below (awaited, or closed when loading fails): never an unhandled rejection.
  opening.catch(() => {});
  let prepared: Prepared;
  try {
    prepared = await prepareRun(task, config, options, emit);
  } catch (error) {
    await opening.then(({ release }) => release()).catch(() => {});
    throw error;
  }
  const { loaded, candidates, excluded, runnableIds, notRunnable, limits, jobs, problems } =
    prepared;
  const { executor, release } = await opening;
  // A caller's executor may have run other programs already: run.json counts this run's only.
  const before = options.executor === undefined ? undefined : { ...executor.stats() };
  // The preflight's canaries run on the same executor: its counters are kept apart in run.json.
  let preflightStats: Record<string, unknown> | undefined;
  let afterPreflight: Record<string, unknown> | undefined;
  try {
    if (options.preflight !== false) {
      emit({ type: 'preflight-start' });
      const known = problems.filter(
        (p) => p.reference !== undefined && p.meta.referenceFails !== true,
      );
      // References whose libraries import here: a missing library is the machine's, not the engine's.
      const canaries = await referenceCanaries(task, known, options.pythonEnv);
      if (known.length > 0 && canaries.runnable.length === 0) {
        emit({ type: 'warning', message: noReferenceCanaryMessage(task, canaries.missing) });
      }
      const checked = canaries.runnable.slice(0, 3);
      const references = checked
        .map((p) => placed(task.program(p, p.reference!), config.judge))
        // The task's library environment, as buildJobs gives it (a program's own one stays).
        .map((ref) =>
          ref.environment || !task.environment ? ref : { ...ref, environment: task.environment },
        );
      const report = await runPreflight(executor, {
        task: task.name,
        language: task.language,
        references,
        limits: referenceLimits(limits, checked),
        // kept in the artifact cache (--no-artifact-cache: never); --no-cache is about verdicts
        cache: true,
      });
      const { cachedFrom } = report;
      emit({
        type: 'preflight-done',
        canaries: report.canaries,
        ...(cachedFrom && { cachedFrom }),
      });
      afterPreflight = { ...executor.stats() };
      preflightStats = {
        // run.json: whether the canaries ran, or a passed preflight of the same fingerprint stood in
        source: cachedFrom === undefined ? 'ran' : 'cache',
        ...(cachedFrom === undefined ? {} : { cached_from: cachedFrom }),
        canaries: report.canaries,
        ...countersSince(afterPreflight, before),
      };
    }
    const results = await executeSamples(
      executor,
      jobs,
      candidates.records,
      emit,
      options.signal,
      task.suites,
      options.drain,
    );
    const scored = partialRun(candidates, results);
    // Python programs see the standard library only; metrics.json says which interpreter.
    const environment =
      task.language === 'python'
        ? {
            environment: {
              python: await pythonEnvironment(undefined, task.environment, options.pythonEnv),
            },
          }
        : {};
    const metrics = buildMetrics({
      task,
      ks: config.k,
      results,
      problems: scored.problems,
      missing: candidates.missing,
      ...(runnableIds === undefined ? {} : { runnable: runnableIds }),
      dataset: loaded.dataset,
      executor: executor.info,
      provenance: {
        ...options.provenance,
        ...environment,
        ...(notRunnable === undefined ? {} : { not_runnable: notRunnable }),
        reference_differences: [
          ...referenceDifferences(task),
          ...judgingDifferences(
            task,
            results.some((result) => result.judge === 'outside'),
          ),
        ],
      },
      config: {
        ...scoringConfig(config, excluded),
        ...taskParamsConfig(task.name),
        ...bigcodeConfig({
          task: task.name,
          candidates: options.candidates,
          nSamples: candidates.samplesPerProblem.max,
          saveReferences: options.saveReferences === true,
          generation: options.provenance?.['generation'],
          instructionTokens: candidates.problems[0]?.meta['instructionTokens'],
          ...(options.taskInput === undefined ? {} : { taskInput: options.taskInput }),
        }),
      },
    });
    Object.assign(metrics, dateMetrics(loaded.dateWindow, scored.problems, results));
    // multi-turn tasks: the pass rate after each turn (Aider polyglot reports turns 1 and 2)
    if (task.feedback) metrics['attempts'] = attemptRates(results, task.feedback.maxTurns);
    if (scored.partial) {
      metrics['partial'] = scored.partial;
      emit({ type: 'warning', message: partialMessage(scored.partial) });
    }
    // (samples whose generation failed are infra errors too, but run-model has said so)
    const unscored = unscoredSamples(results);
    const { unjudged } = unscored;
    if (unjudged > 0) {
      emit({
        type: 'warning',
        message: `${unjudged} samples could not be judged (sandbox failure after a retry); they are left out of n, not scored as failures`,
      });
    }
    // Default ks a run cannot reach (pass@100 with n = 1) are expected; asked-for ones are news.
    if (options.k !== undefined) {
      for (const skipped of metrics.skipped_k) {
        emit({ type: 'warning', message: `pass@${skipped.k} not reported: ${skipped.reason}` });
      }
    }
    const runInfo: RunInfo = {
      passk_version: PASSK_VERSION,
      started_at: startedAt.toISOString(),
      duration_ms: Math.round(performance.now() - started),
      execution: {
        ...executor.info,
        ...countersSince({ ...executor.stats() }, afterPreflight ?? before),
        ...(preflightStats === undefined ? {} : { preflight: preflightStats }),
      },
      ...(config.shard === null ? {} : { shard: config.shard }),
      config,
      // models: a model run's retry counters and unscored failed samples (see run-model.ts)
      ...options.runInfo,
      ...(options.label === undefined ? {} : { label: options.label }),
    };
    // Before persistRun, which writes metrics.json last: its presence means the run finished.
    const referencesFile =
      options.saveReferences === true && options.outputDir !== undefined
        ? await writeBigcodeReferences(options.outputDir, candidates.problems)
        : undefined;
    const { files, runId } = await persistRun(
      // A partial run is not recorded in the run store, where it would pass for a finished one.
      scored.partial ? { ...options, db: false } : options,
      {
        metrics,
        results,
        records: scored.records,
        problems: scored.problems,
        run: runInfo,
        ...completionReading(task),
      },
      emit,
    );
    if (referencesFile !== undefined) files['references'] = referencesFile;
    return { metrics, results, files, unscored, ...(runId === undefined ? {} : { runId }) };
  } finally {
    await release();
  }
}

/** What a run has ready before its executor is needed: problems, candidates, jobs. */
interface Prepared {
  loaded: LoadedProblems;
  candidates: Awaited<ReturnType<typeof selectCandidates>>['candidates'];
  excluded: Awaited<ReturnType<typeof selectCandidates>>['excluded'];
  runnableIds: Set<string> | undefined;
  notRunnable: Awaited<ReturnType<typeof runnableProblems>>['notRunnable'];
  limits: ReturnType<typeof programLimits>;
  problems: Problem[];
  jobs: ReturnType<typeof buildJobs>;
}

/** Loads the problems and the candidates and builds the jobs (no program runs yet). */
async function prepareRun(
  task: Task,
  config: ReturnType<typeof resolveRunConfig>,
  options: EvaluateOptions,
  emit: RunEventListener,
): Promise<Prepared> {
  const loaded = await loadProblems(task, options.dataset ?? {}, options);
  emit({
    type: 'problems-loaded',
    task: task.name,
    problems: loaded.problems.length,
    file: loaded.dataset.file,
    source: loaded.dataset.source,
  });
  const selected = await selectCandidates(task, loaded, options, emit);
  const { excluded } = selected;
  const { candidates } = selected;
  // Problems whose libraries do not import here run and fail, as under the reference harness;
  // the pass@k over the others goes beside the score.
  const { runnable, notRunnable } = await runnableProblems(
    task,
    candidates.problems,
    options.pythonEnv,
  );
  if (notRunnable) {
    emit({
      type: 'warning',
      message: notRunnableMessage(notRunnable, candidates.problems.length),
    });
  }
  const runnableIds = task.requires === undefined ? undefined : new Set(runnable.map((p) => p.id));
  const limits = programLimits(task, config);
  const problems = await prepareProblems(task, candidates.problems, {
    ...(runnableIds === undefined ? {} : { runnable: runnableIds }),
    datasetSha256: loaded.dataset.sha256,
    datasetFile: loaded.dataset.file,
    timeoutMs: config.timeoutMs,
    ...(config.timeFactor === null ? {} : { timeFactor: config.timeFactor }),
    concurrency: config.workers,
    emit,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const jobs = buildJobs(task, problems, candidates.records, limits, config.judge);
  return { loaded, candidates, excluded, runnableIds, notRunnable, limits, problems, jobs };
}

/**
 * metrics.json `date_window` (when a window was given: bounds, count kept, ids left out) and
 * `per_month` (pass@1 per publication month, for dated tasks).
 */
function dateMetrics(
  window: LoadedProblems['dateWindow'],
  problems: readonly Pick<Problem, 'id' | 'date'>[],
  results: readonly ResultRecord[],
): Record<string, unknown> {
  const dated = problems.some((p) => p.date !== undefined);
  return {
    ...(window === undefined ? {} : { date_window: window }),
    ...(dated ? { per_month: perMonthPassRate(problems, results) } : {}),
  };
}

/** The run's own executor counters: the totals minus what the preflight had used by its end. */
function countersSince(
  total: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (before === undefined) return total;
  return Object.fromEntries(
    Object.entries(total).map(([key, value]) => {
      const earlier = before[key];
      return typeof value === 'number' && typeof earlier === 'number'
        ? [key, value - earlier]
        : [key, value];
    }),
  );
}

/**
 * What a caller's executor decides for the run config: its workers, and its sandbox when not the
 * default (a run that named none records null, as one given `sandbox: 'bwrap'` does not differ).
 */
function executorConfig(executor: Executor): { workers: number; sandbox?: string } {
  const { workers, sandbox } = executor.info;
  return sandbox === DEFAULT_SANDBOX ? { workers } : { workers, sandbox };
}

/** metrics.json `config.task_params`: what the task's family parameters are for this run. */
function taskParamsConfig(taskName: string): { task_params?: Record<string, unknown> } {
  const params = taskParamsOf(taskName);
  return params === undefined ? {} : { task_params: params };
}
