import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, ExecutionDisabledError } from '../core/errors.js';
import { cleanArtifactsOnce } from './artifact-cleanup.js';
import {
  defaultArtifactsDir,
  defaultCacheDir,
  ENGINE_VERSION,
  programKey,
  VerdictCache,
} from './cache.js';
import type { ExecEnvironment } from './environments/types.js';
import { byEngine, type Engine, type Group, runGroup, sum } from './group.js';
import { runtimes } from './languages/index.js';
import type { BatchProgram } from './languages/kit/types.js';
import { OUTSIDE_JUDGE_VERSION } from './outside-verdict.js';
import { SlotPool } from './pool.js';
import { fileStamp, type PreflightContext } from './preflight-cache.js';
import { referenceRulesKey } from './reference-rules.js';
import { attemptOf, type RerunReason, rerunReason, usedFullCpu } from './rerun.js';
import { BWRAP } from './sandboxes/bwrap.js';
import { resolveLimits } from './sandboxes/common.js';
import { DEFAULT_SANDBOX, sandboxes } from './sandboxes/index.js';
import { defaultSlots } from './slots.js';
import {
  type ExecJob,
  type Executor,
  type ExecutorInfo,
  type ExecutorOptions,
  type ExecutorStats,
  type Language,
  type Program,
  type RunJobsOptions,
  type Verdict,
  zeroExecutorStats,
} from './types.js';

/**
 * Creates the executor. Throws ExecutionDisabledError unless `allowCodeExecution === true`,
 * before anything is spawned; then resolves Python and checks the sandbox (SandboxError when
 * the requested or default sandbox cannot run here, with how to fix it).
 */
export async function createExecutor(options: ExecutorOptions): Promise<Executor> {
  if (options.allowCodeExecution !== true) throw new ExecutionDisabledError();
  const given = options.workers;
  if (given !== undefined && (!Number.isInteger(given) || given < 1)) {
    throw new ConfigError(`workers must be a positive integer, not ${given}`);
  }
  const sandboxName = options.sandbox ?? DEFAULT_SANDBOX;
  const slotsFor = (language: Language, environment: boolean): number =>
    given ?? defaultSlots({ language, environment, warm: sandboxName !== 'subprocess' });
  const factory = await sandboxes.get(sandboxName);
  const engines = new Map<string, Promise<Engine>>();
  const cacheDir = options.cacheDir === undefined ? defaultCacheDir() : options.cacheDir;
  // Compiled artifacts live beside the verdicts (or in $PASSK_ARTIFACTS_DIR), also when verdicts
  // are not reused: without them Go recompiles its standard library for every program.
  const artifactsDir =
    options.artifactsDir !== undefined
      ? options.artifactsDir || undefined
      : defaultArtifactsDir(cacheDir);
  const artifactStore = artifactsDir === undefined ? undefined : join(artifactsDir, ENGINE_VERSION);
  // Before any toolchain folder is prepared: killed builds' staging and unused versions go. It
  // reads the temp folder (thousands of entries on a busy machine), so it runs beside Python's
  // probes, whose toolchain keeps nothing there; every other toolchain waits for it.
  const cleaning =
    artifactsDir === undefined ? undefined : cleanArtifactsOnce(artifactsDir, ENGINE_VERSION);
  const warm = options.warm;
  const engineFor = (language: Language, environment?: ExecEnvironment): Promise<Engine> => {
    const id = engineKey(language, environment);
    let engine = engines.get(id);
    if (!engine) {
      engine = (async () => {
        if (language !== 'python') await cleaning;
        const runtime = await runtimes.get(language);
        const { toolchain, adapter } = await runtime.resolve({
          ...(options.pythonPath === undefined ? {} : { pythonPath: options.pythonPath }),
          ...(options.pythonEnv === undefined ? {} : { pythonEnv: options.pythonEnv }),
          ...(artifactStore === undefined ? {} : { artifactsDir: artifactStore }),
          ...(environment ? { environment } : {}),
        });
        if (toolchain.artifactsDir) {
          mkdirSync(toolchain.artifactsDir, { recursive: true });
          // Programs (another uid) run binaries from here: it must be traversable whatever the
          // parent's mode (bwrap binds this dir itself, so a 0700 parent does not matter there).
          chmodSync(toolchain.artifactsDir, 0o755);
        }
        const slots = slotsFor(language, environment !== undefined);
        const sandbox = await factory(toolchain, slots);
        const pool = new SlotPool(sandbox, slots);
        // The engine the run will use first starts its first worker while the sandbox is checked.
        if (warm !== undefined && engineKey(warm.language, warm.environment) === id) pool.warm();
        try {
          await sandbox.check?.();
        } catch (error) {
          await pool.close();
          throw error;
        }
        // Only Python's runner prints tracebacks: other engines neither get the flag nor key on it.
        const keepTracebacks = options.keepTracebacks === true && language === 'python';
        return { toolchain, adapter, pool, keepTracebacks };
      })();
      engines.set(id, engine);
    }
    return engine;
  };
  // The warmed engine, when not Python's: made beside Python's (its failure is the first run's).
  if (warm !== undefined && (warm.language !== 'python' || warm.environment !== undefined)) {
    engineFor(warm.language, warm.environment).catch(() => {});
  }
  // Every toolchain's worker is driven by Python: fail now, not mid-run, if the sandbox is unusable.
  let python: Engine;
  try {
    python = await engineFor('python');
  } catch (error) {
    await closeEngines(engines, cleaning);
    throw error;
  }
  const cache = new VerdictCache(cacheDir);
  const info: ExecutorInfo = {
    sandbox: sandboxName,
    isolation: python.pool.isolation,
    workers: python.pool.size,
    memoryLimit: python.pool.memoryLimit,
    limits: python.pool.limits,
  };
  const executor = new PooledExecutor(info, engineFor, engines, cache, {
    ...(cleaning === undefined ? {} : { cleaning }),
    ...(artifactStore === undefined ? {} : { preflightDir: join(artifactStore, 'preflight') }),
  });
  executor.track(python);
  return executor;
}

/** Flat counters (run.json; shard merges add numbers up), one per re-run reason. */
const RERUN_COUNTER = {
  'low-cpu': 'timeoutsRerunLowCpu',
  overloaded: 'timeoutsRerunOverloaded',
  'no-cpu-measure': 'timeoutsRerunNoCpuMeasure',
} as const satisfies Record<RerunReason, keyof ExecutorStats>;

class PooledExecutor implements Executor {
  // workerRestarts is the pools' own count (stats())
  private readonly counters: Omit<ExecutorStats, 'workerRestarts'> = zeroExecutorStats();

  constructor(
    readonly info: ExecutorInfo,
    private readonly engineFor: (
      language: Language,
      environment?: ExecEnvironment,
    ) => Promise<Engine>,
    private readonly engines: Map<string, Promise<Engine>>,
    private readonly cache: VerdictCache,
    private readonly kept: { cleaning?: Promise<void>; preflightDir?: string } = {},
  ) {}

  async preflightContext(
    language: Language,
    environment?: ExecEnvironment,
  ): Promise<PreflightContext | undefined> {
    const dir = this.kept.preflightDir;
    if (dir === undefined) return undefined;
    const engine = this.track(await this.engineFor(language, environment));
    // every worker is driven by Python's interpreter, whatever the language
    const python = await this.engineFor('python');
    const { workers: _perRun, ...info } = this.info;
    const toolchain = engine.toolchain;
    return {
      dir,
      engine: {
        info,
        language,
        version: toolchain.version,
        interpreter: fileStamp(toolchain.interpreter),
        python: fileStamp(python.toolchain.interpreter),
        environment: toolchain.environment?.key ?? null,
        mounts: toolchain.mounts ?? [],
        commands: toolchain.commands ?? {},
        sandbox: this.info.sandbox === 'bwrap' ? fileStamp(BWRAP) : null,
        keepTracebacks: engine.keepTracebacks,
      },
    };
  }

  async run(jobs: readonly ExecJob[], options: RunJobsOptions = {}): Promise<Map<string, Verdict>> {
    const results = new Map<string, Verdict>();
    const settle = (group: Group, verdict: Verdict) => {
      this.cache.put(group.key, verdict, group.job.limits.timeoutMs);
      if (verdict.status === 'timeout') this.counters.timeouts += group.ids.length;
      if (verdict.status === 'infra-error') this.counters.infraErrors += group.ids.length;
      for (const id of group.ids) {
        results.set(id, verdict);
        options.onVerdict?.(id, verdict);
      }
    };
    this.counters.jobs += jobs.length;
    const groups = await this.group(jobs);
    const toRun: Group[] = [];
    for (const group of groups) {
      this.counters.deduplicated += group.ids.length - 1;
      const cached = this.cache.get(group.key);
      if (cached) {
        this.counters.cacheHits++;
        for (const id of group.ids) {
          results.set(id, cached);
          options.onVerdict?.(id, cached);
        }
      } else toRun.push(group);
    }
    // Longest expected first, so a slow program does not start last and hold up the end.
    toRun.sort((a, b) => b.expectedMs - a.expectedMs);
    for (const [engine, list] of byEngine(toRun)) {
      // e.g. TypeScript's one type-check over every program, instead of a compiler per program.
      await engine.adapter.prepareBatch?.(list.map((group) => batchProgram(group.job.program)));
      await engine.pool.runAll(
        list,
        async (group, slot, again) => {
          const verdict = await runGroup(group, slot);
          if (again) {
            if (verdict.status !== 'timeout') this.counters.timeoutsFlipped++;
            const first = group.firstVerdict;
            settle(group, {
              ...verdict,
              rerun: true,
              rerunReason: group.rerunReason!,
              ...(first === undefined ? {} : { firstAttempt: attemptOf(first) }),
            });
            return undefined;
          }
          this.counters.executed++;
          const reason =
            group.job.rerunTimeout === false ? undefined : this.rerunReason(group, verdict);
          if (!reason) {
            settle(group, verdict);
            return undefined;
          }
          // Possibly the machine's fault: once more, alongside the rest of the work.
          group.rerunReason = reason;
          group.firstVerdict = verdict;
          this.counters.timeoutsRerun++;
          this.counters[RERUN_COUNTER[reason]]++;
          return { again: group };
        },
        options.signal,
      );
    }
    this.cache.flush();
    options.signal?.throwIfAborted();
    return results;
  }

  /** Why a first-run timeout should run again, if it should (rerun.ts); counts final ones. */
  private rerunReason(group: Group, verdict: Verdict): RerunReason | undefined {
    if (verdict.status !== 'timeout') return undefined;
    const timeoutMs = group.job.limits.timeoutMs;
    if (usedFullCpu(verdict, timeoutMs)) this.counters.timeoutsFullCpu++;
    return rerunReason(verdict, timeoutMs);
  }

  private async group(jobs: readonly ExecJob[]): Promise<Group[]> {
    const groups = new Map<string, Group>();
    for (const job of jobs) {
      const { language, environment } = job.program;
      const engine = this.track(await this.engineFor(language, environment));
      const limits = resolveLimits(job.limits);
      const key = programKey({
        language: job.program.language,
        runtimeVersion: engine.toolchain.version,
        sandbox: this.info.sandbox,
        limits,
        source: job.program.source,
        ...(job.program.semantics === undefined ? {} : { semantics: job.program.semantics }),
        ...(job.program.files === undefined ? {} : { files: job.program.files }),
        ...judgeKeyOf(job.program),
        ...(engine.keepTracebacks === true ? { tracebacks: true } : {}),
        ...(engine.toolchain.environment
          ? { environmentKey: engine.toolchain.environment.key }
          : {}),
      });
      const existing = groups.get(key);
      if (existing) existing.ids.push(job.id);
      else {
        const expectedMs = job.expectedMs ?? this.cache.expectedMs(key) ?? 0;
        groups.set(key, { key, ids: [job.id], job, engine, expectedMs });
      }
    }
    return [...groups.values()];
  }

  stats(): ExecutorStats {
    return {
      ...this.counters,
      workerRestarts: this.closedRestarts + sum(this.live, (e) => e.pool.restarts()),
    };
  }

  private closedRestarts = 0;
  private readonly live: Engine[] = [];

  /** Remembers an engine once it exists, for stats and close. */
  track(engine: Engine): Engine {
    if (!this.live.includes(engine)) this.live.push(engine);
    return engine;
  }

  /** Stops every worker even when the last cache write fails (then rethrows that error): live
   * workers would keep the process from ever exiting. */
  async close(): Promise<void> {
    try {
      this.cache.flush();
    } finally {
      // engines made but never used (a warmed one), too
      for (const engine of await settled(this.engines)) this.track(engine);
      for (const engine of this.live.splice(0)) {
        this.closedRestarts += engine.pool.restarts();
        await engine.pool.close();
      }
      this.engines.clear();
      await this.kept.cleaning;
    }
  }
}

/** The engines that were made (those that failed are left out). */
async function settled(engines: Map<string, Promise<Engine>>): Promise<Engine[]> {
  const outcomes = await Promise.allSettled(engines.values());
  return outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
}

/** Closes the engines made so far: createExecutor failed, so nobody else will. */
async function closeEngines(
  engines: Map<string, Promise<Engine>>,
  cleaning: Promise<void> | undefined,
): Promise<void> {
  for (const engine of await settled(engines)) await engine.pool.close();
  await cleaning;
}

/** Which engine runs a language's programs: one per language, and one more per library environment. */
function engineKey(language: Language, environment: ExecEnvironment | undefined): string {
  return environment ? `${language}\0${JSON.stringify(environment)}` : language;
}

/** What a batch compiler sees of a program: its source, or its files. */
function batchProgram(program: Program): BatchProgram {
  return program.files === undefined
    ? { source: program.source }
    : { source: program.source, files: program.files };
}

/**
 * What decides a program's verdict beyond its source: an output judge's key, or outside judging's
 * two sources (hashed with the judge's version: a changed judge never reuses an old verdict).
 */
function judgeKeyOf(program: Program): { judgeKey?: string } {
  const parts: string[] = [];
  if (program.judge) parts.push(program.judge.key);
  if (program.referenceRules) parts.push(referenceRulesKey(program.referenceRules));
  const split = program.functionServer;
  if (split) {
    const hash = createHash('sha256').update(split.candidate).update('\0').update(split.tests);
    hash.update(`\0${JSON.stringify(split.entryPoints ?? [])}`);
    parts.push(`${OUTSIDE_JUDGE_VERSION}:${hash.digest('hex')}`);
  }
  return parts.length === 0 ? {} : { judgeKey: parts.join('\0') };
}
