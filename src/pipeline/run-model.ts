import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { excludeContaminated } from '../contamination/index.js';
import { ExecutionDisabledError } from '../core/errors.js';
import { fingerprintOf } from '../generation/generate.js';
import {
  type GenerationResult,
  generate,
  generationRunInfo,
  lengthCutWarning,
} from '../generation/index.js';
import { JOURNAL_FILE } from '../generation/journal.js';
import {
  checkFingerprint,
  checkServedModel,
  METADATA_FILE,
  readMetadata,
} from '../generation/metadata.js';
import {
  type SamplingConfig,
  type SamplingInput,
  withTaskMaxNewTokens,
} from '../generation/sampling.js';
import type { FsyncPolicy, GenerationProgress } from '../generation/types.js';
import { type BackendOptions, createBackend } from '../models/index.js';
import type { MetricsFile } from '../store/metrics-file.js';
import { checkRunStore, finishedRun } from '../store/output-paths.js';
import { RUN_CONFIG_FILE, readRunConfigFile, writeRunConfigFile } from '../store/run-config.js';
import { readMetricsFile } from '../store/run-files.js';
import { claimRunDir } from '../store/run-lock.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import type { Task } from '../tasks/types.js';
import {
  checkResumedGeneration,
  checkResumedSelection,
  type GenerationConfig,
  type RunConfig,
  resolveGenerationConfig,
  resolveRunConfig,
} from './config.js';
import { type EvaluateOptions, type EvaluateResult, evaluate } from './evaluate.js';
import { createTurnJudge, type TurnJudgeHandle } from './feedback-judge.js';
import { loadProblems } from './problems.js';
import { selectShard } from './shard.js';

export interface RunModelOptions
  extends Omit<EvaluateOptions, 'candidates' | 'outputDir' | 'generationConfig'> {
  /** Backend name: 'openai-compatible' or 'llama-cpp'. */
  backend: string;
  backendOptions: BackendOptions;
  /** Without maxNewTokens: the task's default (Task.defaultMaxNewTokens), else 512. */
  sampling: SamplingInput;
  /** The run directory: journal, generation.json, then the evaluation outputs. Resumable. */
  runDir: string;
  /** Generate and save only; evaluate later with `passk evaluate --generations RUN_DIR`. */
  generationOnly?: boolean;
  systemPrompt?: string;
  concurrency?: number;
  fsync?: FsyncPolicy;
  /** `--label`: a name for the run, kept in generation.json. */
  label?: string;
  /** Soft stop: no new requests; in-flight samples finish and are kept. */
  drain?: AbortSignal;
  onGenerationProgress?: (progress: GenerationProgress) => void;
  /**
   * Front-end options kept beside the RunConfig in run-config.json (the CLI's dataset and
   * transport flags), so that a resume needs nothing else. Never secrets.
   */
  savedOptions?: Record<string, unknown>;
  /** Called just before the first request, once run-config.json is written. */
  beforeGenerate?: () => Promise<void>;
  /**
   * Continue the run in runDir (the CLI's `--resume`): a finished one is extended (more samples)
   * or, with nothing left to generate, not scored again (RunModelResult.finished) unless
   * `overwrite`. Without it, `overwrite` starts runDir from nothing: the earlier journal,
   * settings and scores are removed first.
   */
  resume?: boolean;
}

export interface RunModelResult {
  generation: GenerationResult;
  /** Set when the task's samples are not programs (Task.generationOnly): what to run next. */
  generationOnlyTask?: string;
  /** Absent with generationOnly, or when generation stopped before every sample was settled. */
  evaluation?: EvaluateResult;
  /**
   * A resume of a finished run with nothing left to generate: its metrics.json as it stands
   * (not scored again, no second row in the run store).
   */
  finished?: MetricsFile;
}

/** Samples n completions per problem from a model backend, then evaluates them. */
export async function runModel(given: RunModelOptions): Promise<RunModelResult> {
  const task = await resolveTask(given.task, given.params);
  const options = {
    ...given,
    sampling: withTaskMaxNewTokens(given.sampling, task.defaultMaxNewTokens),
  };
  // A task whose samples are not programs (HumanEvalPack's describe step) only generates.
  const generationOnly = options.generationOnly === true || task.generationOnly !== undefined;
  // Refused before any request: generating for an hour and then refusing would waste it.
  if (!generationOnly && options.allowCodeExecution !== true) {
    throw new ExecutionDisabledError();
  }
  // Before any request and before anything is written: a finished run there is not replaced by
  // accident (a resume of an unfinished one has no metrics.json yet), an unwritable run dir
  // fails now, and a second process writing to it is refused (the lock is held to the end).
  const resume = options.resume === true;
  const overwrite = options.overwrite === true;
  const release = await claimRunDir(options.runDir, { overwrite: overwrite || resume });
  try {
    if (overwrite && !resume) await startFromNothing(options.runDir, options.onEvent);
    const finished = resume && !overwrite && (await finishedRun(options.runDir));
    const result = await runModelClaimed(task, options, generationOnly, finished);
    return result;
  } finally {
    release();
  }
}

async function runModelClaimed(
  task: Task,
  options: RunModelOptions & { sampling: SamplingConfig },
  generationOnly: boolean,
  finished: boolean,
): Promise<RunModelResult> {
  if (options.db !== false) await checkRunStore(options.db, options.runDir); // before any request
  const loaded = await loadProblems(task, options.dataset ?? {}, options);
  // Generate only what this run will score: not the excluded problems, only this shard's.
  let problems = loaded.problems;
  if (options.excludeContaminated !== undefined) {
    const file = options.excludeContaminated;
    problems = (await excludeContaminated(problems, file, loaded.dataset.sha256)).kept;
  }
  if (options.shard !== undefined) problems = selectShard(problems, options.shard);
  // Problems whose libraries do not import here are generated too: they count as failures, as
  // under the reference harness (evaluate() warns about them).
  const backend = await createBackend(options.backend, options.backendOptions);
  let generation: GenerationResult;
  let generationConfig: GenerationConfig;
  let turns: TurnJudgeHandle | undefined;
  try {
    // feedback tasks run each turn's tests during generation: refused now, before any request
    turns = createTurnJudge(task, backend.promptKind, options);
    // models: the server is checked (reachable, serving one model) before the run directory is
    // written, so a dead server or a bad --base-url fails fast with one line and leaves nothing.
    await backend.check?.(options.signal);
    const settings = {
      task,
      problems,
      backend,
      sampling: options.sampling,
      runDir: options.runDir,
      ...pickDefined(options, ['systemPrompt']),
    };
    // The whole RunConfig is written before the first request, and a resume that will be
    // refused is refused before anything is written, so that the next plain --resume works.
    generationConfig = resolveGenerationConfig(options, fingerprintOf(settings).stop);
    const config = resolveRunConfig(task, {
      ...options,
      candidates: { kind: 'records', records: [] },
      generationConfig,
    });
    await checkResumable(settings, config);
    await writeRunConfigFile(options.runDir, { config, options: options.savedOptions ?? {} });
    await options.beforeGenerate?.();
    generation = await generate({
      ...settings,
      ...pickDefined(options, ['concurrency', 'systemPrompt', 'fsync', 'signal', 'drain', 'label']),
      ...(options.onGenerationProgress ? { onProgress: options.onGenerationProgress } : {}),
      ...(turns ? { judge: turns.judge } : {}),
    });
  } finally {
    await turns?.close();
    await backend.close?.();
  }
  const cut = lengthCutWarning(generation);
  if (cut !== undefined) options.onEvent?.({ type: 'warning', message: cut });
  // models: a run is scored once every pair has a record. Requests that failed for good after
  // their retries are records with `error`: evaluate() never runs them and leaves them out of n
  // (status infra-error, RequestFailed), so the score comes from finished samples only.
  if (task.generationOnly !== undefined) {
    return { generation, generationOnlyTask: `${task.name} ${task.generationOnly}` };
  }
  if (
    generationOnly ||
    !generation.allAttempted ||
    options.signal?.aborted ||
    options.drain?.aborted
  ) {
    return { generation };
  }
  // A finished run resumed with nothing new: scoring it again would only add a store row.
  if (finished && generation.metadata.sessions.at(-1)?.samples === 0) {
    return { generation, finished: await readMetricsFile(options.runDir) };
  }
  if (generation.failedSamples > 0) {
    options.onEvent?.({
      type: 'warning',
      message: `${generation.failedSamples} samples failed generation for good (after retries): not scored, left out of n; passk run --resume ${options.runDir} retries them${firstFailure(generation.records)}`,
    });
  }
  // The task is resolved (params applied): evaluate gets the Task itself.
  const { params: _applied, ...scoring } = options;
  const evaluation = await evaluate({
    ...scoring,
    task,
    candidates: { kind: 'records', records: generation.records },
    outputDir: options.runDir,
    // a resume that generated more samples scores its own run again
    overwrite: options.overwrite === true || options.resume === true,
    provenance: { generation: generation.metadata },
    runInfo: { generation: generationRunInfo(generation) },
    generationConfig,
  });
  return { generation, evaluation };
}

async function checkResumable(
  settings: Parameters<typeof fingerprintOf>[0],
  config: RunConfig,
): Promise<void> {
  const saved = await readRunConfigFile(settings.runDir).catch(() => undefined);
  const savedConfig = saved !== undefined && 'config' in saved ? saved.config : undefined;
  if (savedConfig) checkResumedSelection(savedConfig, config);
  const started = savedConfig?.generation;
  if (started && config.generation) checkResumedGeneration(started, config.generation);
  const previous = await readMetadata(settings.runDir);
  if (previous === undefined) return;
  checkFingerprint(previous.fingerprint, fingerprintOf(settings));
  checkServedModel(previous.provenance, settings.backend.describe());
}

/**
 * `--overwrite` without `--resume`: the run in runDir is replaced, not continued. metrics.json
 * goes first (a run killed now is not taken for finished), then the journal and the settings.
 */
async function startFromNothing(runDir: string, onEvent: RunModelOptions['onEvent']) {
  const earlier = ['metrics.json', JOURNAL_FILE, METADATA_FILE, RUN_CONFIG_FILE];
  const found = earlier.filter((name) => existsSync(join(runDir, name)));
  if (found.length === 0) return;
  for (const name of found) await rm(join(runDir, name), { force: true });
  onEvent?.({
    type: 'warning',
    message: `--overwrite: starting ${runDir} from nothing (its earlier samples and scores were removed)`,
  });
}

function pickDefined<T extends object, K extends keyof T>(
  source: T,
  keys: K[],
): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/** The first failed sample's cause, so the warning says what went wrong (`; first: …`). */
function firstFailure(records: readonly { error?: { kind: string; message: string } }[]): string {
  const failed = records.find((r) => r.error !== undefined && r.error.kind !== 'prompt_too_long');
  return failed?.error ? `; first: ${failed.error.message.slice(0, 200)}` : '';
}
