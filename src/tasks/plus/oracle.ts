import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { PASSK_VERSION } from '../../core/version.js';
import { type OracleAnswer, OracleCache, type OracleKey } from './oracle-cache.js';
import { ORACLE_SCRIPT } from './oracle-script.js';

/** One problem's ground truth and the inputs to run it on. */
export interface OracleJob {
  problemId: string;
  /** The canonical solution as a full program (it must define `entryPoint`). */
  solution: string;
  entryPoint: string;
  /** Base inputs first, then plus inputs, each the argument list as JSON. */
  inputs: readonly unknown[];
  baseCount: number;
  /** Which EvalPlus dataset's output rules apply (the MBPP not-None and set tasks). */
  dataset?: 'humaneval' | 'mbpp';
  /**
   * The problem's line of the dataset file, where it was JSON lines: the script then reads the
   * inputs from it with Python's json, exactly (see raw-rows.ts), and ignores `inputs`.
   */
  rawRow?: string;
}

export interface OracleOptions {
  /** Interpreter to run the ground truth with (the one the sandbox uses, so outputs agree). */
  python: { path: string; version: string };
  datasetSha256: string;
  /** Directory of the answer cache, or false to compute every time. */
  cacheDir: string | false;
  /** Ground-truth processes at once. */
  concurrency: number;
  /** Wall-clock limit for one problem's ground truth over all its inputs. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** An answer, or why there is none (the ground truth crashed or hung: a data problem). */
export type OracleResult = { problemId: string } & (
  | { answer: OracleAnswer; cached: boolean }
  | { error: string }
);

/** Bump when this file changes how answers are made (flags, seeds, the order check). */
const RUNNER_REVISION = 3;

/** Changes whenever the script or the way it is run does, so no stale answer is served. */
export const ORACLE_VERSION = `passk ${PASSK_VERSION}; oracle ${createHash('sha256').update(ORACLE_SCRIPT).digest('hex').slice(0, 16)}.${RUNNER_REVISION}`;

/**
 * Expected outputs for every job: from the cache, else by running the ground truth (trusted
 * dataset code, never a candidate) once per problem in a fresh interpreter, `concurrency` at a
 * time, and caching the answer. Results come back in the jobs' order.
 */
export async function computeExpectedOutputs(
  jobs: readonly OracleJob[],
  options: OracleOptions,
): Promise<OracleResult[]> {
  const cache = new OracleCache(options.cacheDir);
  const results: OracleResult[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index]!;
      options.signal?.throwIfAborted();
      const key: OracleKey = {
        datasetSha256: options.datasetSha256,
        problemId: job.problemId,
        harness: ORACLE_VERSION,
        interpreter: options.python.version,
        exactInputs: job.rawRow !== undefined,
      };
      const hit = cache.get(key);
      if (hit) {
        results[index] = { problemId: job.problemId, answer: hit, cached: true };
        continue;
      }
      try {
        const answer = await runGroundTruth(job, options, 0);
        if (MAY_DEPEND_ON_HASH_SEED.test(job.solution)) {
          const again = await runGroundTruth(job, options, 1);
          answer.orderUnstable = !sameOutputs(answer, again);
        }
        cache.put(key, answer);
        results[index] = { problemId: job.problemId, answer, cached: false };
      } catch (error) {
        results[index] = { problemId: job.problemId, error: (error as Error).message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return results;
}

interface ScriptAnswer {
  cases: OracleAnswer['cases'];
  skipped: [number, string][];
  gt_ms: number;
  conversion: string[];
}

/**
 * Solutions that build sets can return elements in an order that depends on string hashing,
 * which Python randomises per process (Mbpp/579 returns `tuple(set(a) ^ set(b))`). Those run
 * twice, under two hash seeds; if any output differs, its order is not part of the answer.
 */
const MAY_DEPEND_ON_HASH_SEED = /\bset\(|frozenset|\{[^}:]*\bfor\b/;

function sameOutputs(a: OracleAnswer, b: OracleAnswer): boolean {
  return a.cases.length === b.cases.length && a.cases.every((c, i) => c[2] === b.cases[i]?.[2]);
}

/**
 * Runs the oracle script on one problem with a fixed hash seed (so the expected outputs are
 * reproducible). Not `-I`: isolated mode ignores PYTHONHASHSEED; `-s -S` still keep user and
 * site packages out, the environment is clean and the cwd is the temp dir.
 */
function runGroundTruth(
  job: OracleJob,
  options: OracleOptions,
  seed: number,
): Promise<OracleAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.python.path, ['-s', '-S', '-c', ORACLE_SCRIPT], {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: tmpdir(),
      env: {
        PATH: '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        LC_ALL: 'C.UTF-8',
        PYTHONHASHSEED: String(seed),
      },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        const why = signal === 'SIGKILL' ? `took longer than ${options.timeoutMs} ms` : stderr;
        reject(new Error(`ground truth of ${job.problemId} failed: ${lastLine(why)}`));
        return;
      }
      try {
        const raw = JSON.parse(Buffer.concat(stdout).toString('utf8')) as ScriptAnswer;
        resolve({
          cases: raw.cases,
          skipped: raw.skipped,
          gtMs: raw.gt_ms,
          conversion: raw.conversion,
        });
      } catch (error) {
        reject(new Error(`ground truth of ${job.problemId} wrote no answer: ${String(error)}`));
      }
    });
    const payload = {
      solution: job.solution,
      entry_point: job.entryPoint,
      task_id: job.problemId,
      dataset: job.dataset ?? 'humaneval',
      ...(job.rawRow === undefined
        ? { inputs: job.inputs, base_count: job.baseCount }
        : { raw_row: job.rawRow }),
    };
    child.stdin.on('error', () => {}); // a script that dies early closes its stdin: 'close' says why
    child.stdin.end(pythonJson(payload));
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

const NON_FINITE_MARK = '\u0000passk-non-finite:';

/**
 * JSON as Python's json module reads it: non-finite numbers (MBPP+ has ±Infinity and NaN
 * inputs) as the bare tokens Infinity, -Infinity and NaN, which JSON.stringify would turn
 * into null.
 */
export function pythonJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? `${NON_FINITE_MARK}${v}` : v,
  );
  return text.replace(/"\\u0000passk-non-finite:(-?Infinity|NaN)"/g, '$1');
}
