import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CACHE_OFF, pathValue } from '../core/switch-words.js';
import { filesText } from './program-files.js';
import { usedFullCpu } from './rerun.js';
import type { ResolvedLimits } from './sandboxes/types.js';
import type { Language, Verdict } from './types.js';

/** Bump when a change to the engine could change a verdict: old cache entries then stop matching. */
export const ENGINE_VERSION = 'exec-7'; // 7: Program.semantics beside the source (no pragma); 6: tamper flags and result events read in exact shapes (issue 25); 5: AF_INET on bwrap's own loopback, /etc/hosts; 4: writable /tmp, /dev/shm, python in bwrap

/**
 * Default cache location. Reads the environment here and only here: `$PASSK_CACHE_DIR/verdicts`,
 * else `~/.cache/passk/verdicts`.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const { PASSK_CACHE_DIR: fromEnv } = env;
  // As the datasets layer reads it (datasets/env.ts): empty is unset, `false` is refused.
  const base =
    fromEnv === undefined || fromEnv.trim() === ''
      ? join(homedir(), '.cache', 'passk')
      : pathValue(fromEnv, 'PASSK_CACHE_DIR', 'folder', CACHE_OFF);
  return join(base, 'verdicts');
}

const ARTIFACTS_OFF =
  'to compile every time pass --no-artifact-cache (library: artifactsDir: false)';

/**
 * Default artifact cache: `$PASSK_ARTIFACTS_DIR` when set, else `artifacts` inside the verdict
 * cache folder (`cacheDir`; when the verdict cache is off, `false`, the folder it would have
 * been: `--no-cache` means no verdict reuse, not no toolchain caches). Its own folder lets
 * compiled programs and toolchain support (Rust's crates, Go's seeded build cache, C++'s
 * precompiled headers: tens of seconds of CPU to rebuild) outlive a fresh verdict cache, e.g.
 * kept by CI between runs, or shared by several cache folders. Content-addressed: a cached binary
 * is the one its source compiles to, so reusing it never changes a verdict.
 */
export function defaultArtifactsDir(
  cacheDir: string | false,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const { PASSK_ARTIFACTS_DIR: fromEnv } = env;
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return pathValue(fromEnv, 'PASSK_ARTIFACTS_DIR', 'folder', ARTIFACTS_OFF);
  }
  return join(cacheDir === false ? defaultCacheDir(env) : cacheDir, 'artifacts');
}

/** Content key of a program run: identical keys give identical verdicts, so run once. */
export function programKey(parts: {
  language: Language;
  runtimeVersion: string;
  /** Part of the key: a hostile program's verdict can depend on the isolation (e.g. network). */
  sandbox: string;
  limits: ResolvedLimits;
  source: string;
  /** Program.semantics: the same source runs differently under a reference harness's semantics. */
  semantics?: string;
  /** Program.files: a multi-file program's files (their canonical text, filesText). */
  files?: Readonly<Record<string, string>>;
  /** The program's OutputJudge key, when its verdict is decided outside it. */
  judgeKey?: string;
  /** Its library environment's key (mounts, variables, module versions), when it has one. */
  environmentKey?: string;
  /** ExecutorOptions.keepTracebacks: a verdict kept without its traceback is not reused. */
  tracebacks?: boolean;
}): string {
  const limits = Object.entries(parts.limits).sort(([a], [b]) => a.localeCompare(b));
  const hash = createHash('sha256')
    .update(
      JSON.stringify([ENGINE_VERSION, parts.language, parts.runtimeVersion, parts.sandbox, limits]),
    )
    .update('\0')
    .update(parts.source);
  if (parts.semantics !== undefined) hash.update(`\0semantics\0${parts.semantics}`);
  if (parts.files !== undefined) hash.update(`\0files\0${filesText(parts.files)}`);
  if (parts.judgeKey !== undefined) hash.update(`\0judge\0${parts.judgeKey}`);
  if (parts.environmentKey !== undefined) hash.update(`\0env\0${parts.environmentKey}`);
  if (parts.tracebacks === true) hash.update('\0tracebacks');
  return hash.digest('hex');
}

/**
 * Verdicts that describe the program, not the machine: only these are cached. A timeout is one
 * only when it used its full CPU budget (rerun.ts): under the same limits (part of the key) it
 * would time out again, however idle the machine. A flagged one (tamper) is final like any
 * other: the attack is the program's, not the machine's.
 */
export function isCacheable(verdict: Verdict, timeoutMs?: number): boolean {
  if (verdict.status === 'infra-error') return false;
  if (verdict.status !== 'timeout' || verdict.tamper !== undefined) return true;
  return timeoutMs !== undefined && usedFullCpu(verdict, timeoutMs);
}

interface Line {
  k: string;
  /** A cached verdict… */
  v?: Verdict;
  /** …or only a timing hint (starved timeouts: not cached, but worth scheduling first next time). */
  t?: number;
}

/**
 * Append-only JSONL cache of verdicts by program key, one file per engine version. Loaded once;
 * each verdict is appended as it comes (one small write, about 10 µs), so a run killed while it
 * scores keeps everything judged and its resume runs only what is missing (batches of 256 lost up
 * to 255 verdicts to a SIGKILL). Concurrent passk runs may append to the same file: each line is
 * one small write, and a torn line is skipped on load.
 */
export class VerdictCache {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly timings = new Map<string, number>();
  private readonly file: string | undefined;
  /** The first failed append: later ones are not tried; flush() reports it once. */
  private failure: { error: unknown; reported: boolean } | undefined;

  constructor(dir: string | false) {
    if (dir === false) return;
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, `${ENGINE_VERSION}.jsonl`);
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return; // no cache yet
    }
    for (const raw of text.split('\n')) {
      try {
        const line = JSON.parse(raw) as Line;
        if (line.v) this.verdicts.set(line.k, line.v);
        if (typeof line.t === 'number') this.timings.set(line.k, line.t);
      } catch {
        // torn or empty line
      }
    }
  }

  get(key: string): Verdict | undefined {
    return this.verdicts.get(key);
  }

  /** Expected wall time from an earlier run of the same program, if any. */
  expectedMs(key: string): number | undefined {
    return this.timings.get(key) ?? this.verdicts.get(key)?.durationMs;
  }

  /** `timeoutMs`: the limit it ran under, so a full-CPU timeout can be cached too. */
  put(key: string, verdict: Verdict, timeoutMs?: number): void {
    if (!this.file) return;
    const line: Line = isCacheable(verdict, timeoutMs)
      ? { k: key, v: verdict }
      : { k: key, t: verdict.durationMs };
    if (verdict.status === 'infra-error') return;
    if (line.v) this.verdicts.set(key, verdict);
    else this.timings.set(key, verdict.durationMs);
    if (this.failure !== undefined) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    } catch (error) {
      // Reported by flush() at the end of the batch of jobs, not from inside a worker's callback.
      this.failure = { error, reported: false };
    }
  }

  /**
   * Throws (once) when an append failed (e.g. EFBIG, ENOSPC); that line and the ones after it
   * were dropped, not retried.
   */
  flush(): void {
    const { failure } = this;
    if (failure === undefined || failure.reported) return;
    failure.reported = true;
    throw failure.error;
  }
}
