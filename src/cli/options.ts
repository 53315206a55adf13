import { join } from 'node:path';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import {
  applyTaskParams,
  ConfigError,
  type DatasetLoadOptions,
  defaultArtifactsDir,
  defaultDataDir,
  isCustomDataFile,
  parseShard,
  parseTaskArgs,
  resolveToken,
  withInstructionTokens,
} from '../index.js';
import { withConfigFile } from './config-file.js';

/** Flags shared by every command that evaluates programs. */
export function addEvaluationOptions(command: Command): Command {
  return command
    .option(
      '--task <name>',
      'benchmark: a name (see `passk tasks`), a task module (.ts/.js) or a benchmark file (.jsonl)',
    )
    .option(
      '--config <file>',
      'defaults for --task, --dataset-path, --data-dir, --k, --timeout, --time-factor, --workers, --sandbox (default: ./passk.config.json)',
    )
    .option(
      '--allow-code-execution',
      'run the model-written programs (required: they are untrusted)',
    )
    .option('--limit <n>', 'evaluate at most this many problems')
    .option('--limit-start <n>', 'skip this many problems first', '0')
    .option(
      '--k <list>',
      'comma-separated ks for pass@k (each reported only where every problem has n >= k)',
    )
    .option('--timeout <seconds>', "per-program wall-clock limit (default: the task's)")
    .option(
      '--time-factor <x>',
      'HumanEval+/MBPP+: per-input limit = max(1 s, x * ground-truth time), as EvalPlus (default 4)',
    )
    .option(
      '--workers <n>',
      'programs run at once (default: 2 per core for plain Python, 1 per core for other languages)',
    )
    .option('--sandbox <name>', 'isolation backend: bwrap (default), process, subprocess')
    .option(
      '--executor <urls>',
      'run the programs on these passk serve instances (comma-separated base URLs) instead of here',
    )
    .option(
      '--executor-token-file <file>',
      "--executor: the servers' bearer token is this file's first line (else env PASSK_SERVE_TOKEN)",
    )
    .option(
      '--python-env <dir>',
      "tasks with libraries: a venv to import them from (read-only) instead of Debian's python3-* packages",
    )
    .option(
      '--output-dir <dir>',
      'where to write metrics.json, results.jsonl, generations',
      undefined,
    )
    .option('--overwrite', 'replace a finished run in --output-dir (refused without it)')
    .option(
      '--db <file>',
      'run store to record the run in (default: $PASSK_DB, else passk.db beside the output dir)',
    )
    .option('--no-db', 'do not record the run in the run store')
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .option('--dataset-path <file>', 'explicit dataset file (JSONL, JSONL.gz, JSON, Parquet)')
    .option(
      '--cache-dir <dir>',
      'Hugging Face download cache (env PASSK_CACHE_DIR, default ~/.cache/passk)',
    )
    .option('--offline', 'never download; use local files and the cache only')
    .option(
      '--no-cache',
      'run every program even if an identical one was judged before (compiled artifacts and toolchain caches stay)',
    )
    .option(
      '--no-artifact-cache',
      'compile every program and rebuild the toolchain caches (Go build cache, Rust crates, C++ headers) in each run',
    )
    .option(
      '--keep-tracebacks',
      "Python: keep each failing program's whole traceback in results.jsonl (default: the verdict's type and message only)",
    )
    .option(
      '--judge <placement>',
      "where verdicts are decided: outside (default: the tests run in a judge process apart from the candidate's, for tasks that support it) or in-process (as the reference harness, bit-exact)",
    )
    .option(
      '--task-arg <key=value>',
      "a parameter of the task's family, repeatable (see docs/tasks.md#task-parameters; e.g. fim_format=codellama)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--fim-format <name>',
      'infilling tasks: starcoder (default), santacoder, codellama, deepseek, qwen, custom (PASSK_FIM_TEMPLATE)',
    )
    .option('--shard <i/N>', 'only shard i of N (0-based, e.g. $JOB_COMPLETION_INDEX/4)')
    .option(
      '--exclude-contaminated <file>',
      'leave out the problems flagged in this contamination.json (from `passk contamination`)',
    )
    .option(
      '--since <date>',
      'dated tasks: only problems published on or after this day (YYYY-MM-DD)',
    )
    .option(
      '--until <date>',
      'dated tasks: only problems published on or before this day (YYYY-MM-DD)',
    )
    .option(
      '--model-cutoff <date>',
      "dated tasks: the model's training cutoff (YYYY-MM-DD); only problems published after it",
    )
    .option(
      '--instruction-tokens <list>',
      "instruct-humaneval: bigcode's USER,END,ASSISTANT delimiters (default: '','','\\n')",
    )
    .option(
      '--descriptions <run>',
      "humanevalexplainsynthesize-*: the humanevalexplaindescribe-* run directory (or its generations.json) to build the prompts from; 'reference': the docstrings",
    )
    .option('--save-references', "also write bigcode's references.json (each problem's tests)")
    .option('--json', 'print the summary as JSON on stdout (progress and warnings go to stderr)')
    .option(
      '--bigcode-json [file]',
      "print bigcode's evaluation_results.json layout on stdout instead of the summary, and write it to file (bigcode's --metric_output_path)",
    )
    .addOption(
      new Option('--skip-preflight', 'do not run the canary programs before scoring').hideHelp(),
    );
}

const positiveInt = (flag: string) =>
  z
    .string()
    .regex(/^\d+$/, `${flag} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${flag} must be at least 1`);

const rawSchema = z.object({
  task: z.string({
    error:
      "--task is required (see `passk tasks` for the list; bigcode's --tasks and EvalPlus's --dataset are read as --task)",
  }),
  config: z.string().optional(),
  allowCodeExecution: z.boolean().optional(),
  limit: positiveInt('--limit').optional(),
  limitStart: z.string().regex(/^\d+$/, '--limit-start must be a whole number').transform(Number),
  k: z
    .string()
    .regex(/^\d+(,\d+)*$/, '--k must be a comma-separated list of whole numbers, e.g. 1,10,100')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  timeout: z
    .string()
    .regex(/^\d+(\.\d+)?$/, '--timeout must be a number of seconds')
    .transform((s) => Math.round(Number(s) * 1000))
    .refine((ms) => ms > 0, '--timeout must be more than 0')
    .optional(),
  timeFactor: z
    .string()
    .regex(/^\d+(\.\d+)?$/, '--time-factor must be a number')
    .transform(Number)
    .refine((x) => x >= 1, '--time-factor must be at least 1')
    .optional(),
  workers: positiveInt('--workers').optional(),
  sandbox: z.string().optional(),
  executor: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .optional(),
  executorTokenFile: z.string().optional(),
  judge: z
    .enum(['outside', 'in-process'], { error: '--judge must be outside or in-process' })
    .optional(),
  pythonEnv: z.string().optional(),
  outputDir: z.string().optional(),
  overwrite: z.boolean().optional(),
  db: z.union([z.string(), z.literal(false)]).optional(),
  dataDir: z.string().optional(),
  datasetPath: z.string().optional(),
  cacheDir: z.string().optional(),
  offline: z.boolean().optional(),
  cache: z.boolean().optional(),
  keepTracebacks: z.boolean().optional(),
  artifactCache: z.boolean().optional(),
  skipPreflight: z.boolean().optional(),
  shard: z.string().optional(),
  excludeContaminated: z.string().optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  modelCutoff: z.string().optional(),
  fimFormat: z.string().optional(),
  taskArg: z.array(z.string()).optional(),
  saveReferences: z.boolean().optional(),
  descriptions: z.string().optional(),
  instructionTokens: z.string().optional(),
  json: z.boolean().optional(),
  bigcodeJson: z.union([z.string(), z.literal(true)]).optional(),
});

export type EvaluationFlags = z.infer<typeof rawSchema>;

/** Validates commander's raw option bag; the first problem becomes one ConfigError line. */
export function parseEvaluationFlags(raw: Record<string, unknown>): EvaluationFlags {
  const parsed = rawSchema.safeParse(withConfigFile(raw));
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid flags');
  if (parsed.data.json === true && parsed.data.bigcodeJson !== undefined) {
    throw new ConfigError('--json and --bigcode-json both want stdout: give one of them');
  }
  // Infilling tasks are registered per FIM format as NAME:FORMAT (see tasks/index.ts).
  const { fimFormat, taskArg, ...flags } = parsed.data;
  const task =
    fimFormat === undefined || fimFormat === 'starcoder'
      ? flags.task
      : `${flags.task}:${fimFormat}`;
  // --task-arg key=value: the family's params, validated here and mapped to its task name.
  return { ...flags, task: applyTaskParams(task, parseTaskArgs(taskArg ?? [])) };
}

export function datasetOptions(flags: EvaluationFlags): DatasetLoadOptions {
  const dataDir = flags.dataDir ?? defaultDataDir();
  // A benchmark file given as --task is its own dataset (unless --dataset-path says otherwise).
  const datasetPath = flags.datasetPath ?? (isCustomDataFile(flags.task) ? flags.task : undefined);
  return {
    ...(datasetPath === undefined ? {} : { datasetPath }),
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(flags.cacheDir === undefined ? {} : { cacheDir: flags.cacheDir }),
    ...(flags.offline ? { offline: true } : {}),
  };
}

/** Default output folder: ./passk-runs/<task>-<UTC timestamp>. */
export function defaultOutputDir(task: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `passk-runs/${task.replace(/[^\w.-]+/g, '_')}-${stamp}`;
}

/** `--n-samples` as an optional property: absent unless the user gave it. */
export function nSamplesFlag(raw: unknown): { nSamples?: number } {
  if (raw === undefined) return {};
  const parsed = positiveInt('--n-samples').safeParse(String(raw));
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'bad --n-samples');
  return { nSamples: parsed.data };
}

/** The EvaluateOptions that follow from the shared flags (not the candidates or output dir). */
export function evaluationOptions(flags: EvaluationFlags) {
  return {
    task:
      flags.instructionTokens === undefined
        ? flags.task
        : withInstructionTokens(flags.task, flags.instructionTokens),
    allowCodeExecution: flags.allowCodeExecution === true,
    ...(flags.limit === undefined ? {} : { limit: flags.limit }),
    limitStart: flags.limitStart,
    ...(flags.k === undefined ? {} : { k: flags.k }),
    ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout }),
    ...(flags.workers === undefined ? {} : { workers: flags.workers }),
    ...(flags.timeFactor === undefined ? {} : { timeFactor: flags.timeFactor }),
    ...(flags.sandbox === undefined ? {} : { sandbox: flags.sandbox }),
    ...(flags.judge === undefined ? {} : { judge: flags.judge }),
    ...(flags.pythonEnv === undefined ? {} : { pythonEnv: flags.pythonEnv }),
    ...(flags.keepTracebacks === true ? { keepTracebacks: true } : {}),
    ...(flags.db === undefined ? {} : { db: flags.db }),
    ...(flags.overwrite === true ? { overwrite: true } : {}),
    ...executors(flags),
    preflight: flags.skipPreflight !== true,
    ...(flags.shard === undefined ? {} : { shard: parseShard(flags.shard) }),
    ...(flags.excludeContaminated === undefined
      ? {}
      : { excludeContaminated: flags.excludeContaminated }),
    ...(flags.since === undefined ? {} : { since: flags.since }),
    ...(flags.until === undefined ? {} : { until: flags.until }),
    ...(flags.modelCutoff === undefined ? {} : { modelCutoff: flags.modelCutoff }),
    dataset: datasetOptions(flags),
    ...(flags.saveReferences === true ? { saveReferences: true } : {}),
    ...(flags.descriptions === undefined ? {} : { taskInput: flags.descriptions }),
  };
}

/**
 * --executor: the remote executors, their token from --executor-token-file or PASSK_SERVE_TOKEN
 * (never a flag's value); the verdict cache is then theirs (--no-cache is refused, --cache-dir
 * moves only the Hub cache). Else the local verdict cache.
 */
function executors(flags: EvaluationFlags) {
  if (flags.executor === undefined) {
    if (flags.executorTokenFile !== undefined) {
      throw new ConfigError('--executor-token-file needs --executor');
    }
    return localCaches(flags);
  }
  const token = resolveToken(flags.executorTokenFile);
  return {
    ...(flags.cache === false ? { verdictCache: false as const } : {}),
    ...(flags.artifactCache === false ? { artifactsDir: false as const } : {}),
    remoteExecutors: { urls: flags.executor, ...(token === undefined ? {} : { token }) },
  };
}

/**
 * --no-cache turns the verdict cache off, --no-artifact-cache the compiled artifacts and toolchain
 * caches; --cache-dir moves both (the artifacts unless $PASSK_ARTIFACTS_DIR places them) along
 * with the Hub cache.
 */
function localCaches(flags: EvaluationFlags): {
  verdictCache?: string | false;
  artifactsDir?: string | false;
} {
  const folder = flags.cacheDir === undefined ? undefined : join(flags.cacheDir, 'verdicts');
  const verdicts = flags.cache === false ? false : folder;
  // Without a verdict folder the executor would put the artifacts under the default one.
  const artifacts =
    flags.artifactCache === false
      ? false
      : verdicts === false && folder !== undefined
        ? defaultArtifactsDir(folder)
        : undefined;
  return {
    ...(verdicts === undefined ? {} : { verdictCache: verdicts }),
    ...(artifacts === undefined ? {} : { artifactsDir: artifacts }),
  };
}
