/**
 * The compiled-language set of bench/exec.ts: the 164 HumanEval-X references of cpp, java, go and
 * rust, each scored end to end (a) by the passk CLI (`passk run --model reference`, bwrap, a
 * cold artifact cache and no verdict cache: every program compiled once; the toolchain folders
 * passk builds once per machine, Go's seeded build cache and the Rust crates, already there) and
 * (b) by the HumanEval-X harness's method (bench/humanevalx_method.py: a fresh directory, one
 * compiler and one run per program, no sandbox; Go's own build cache warm, as a user's is).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataset, sharedDataDir } from '../src/datasets/index.js';
import { tasks } from '../src/tasks/index.js';
import { timed } from './exec-helpers.js';

export const COMPILED = ['cpp', 'java', 'go', 'rust'] as const;
export type CompiledLanguage = (typeof COMPILED)[number];

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
/** HumanEval-X's own per-program limit in passk (tasks/humaneval-x/task.ts). */
const TIMEOUT_S = 10;
const BASELINE_THREADS = 4;

export interface CompiledResult {
  language: CompiledLanguage;
  passkMs: number;
  /** CPU of the CLI and what it waited for, plus its sandboxed workers' (sampled, see exec-helpers). */
  passkCpuMs: number;
  passkPassed: number;
  baselineMs?: number;
  baselineCpuMs?: number;
  baselinePassed?: number;
  total: number;
  note: string;
}

/** The programs `passk run --model reference` evaluates, as source files for the baseline. */
async function referencePrograms(language: CompiledLanguage) {
  const task = await tasks.get(`humaneval-x-${language}`);
  const loaded = await loadDataset(task.dataset, { dataDir: sharedDataDir(), offline: true });
  return task
    .problems(loaded.rows, loaded.file)
    .map((p) => ({ task_id: p.id, source: task.program(p, p.reference!).source }));
}

function passkRun(language: CompiledLanguage, cacheDir: string, out: string, limit?: number) {
  return timed(process.execPath, [
    join(repoRoot, 'dist/cli/bin.js'),
    'run',
    '--task',
    `humaneval-x-${language}`,
    '--model',
    'reference',
    '--allow-code-execution',
    '--data-dir',
    sharedDataDir(),
    '--cache-dir',
    cacheDir,
    '--output-dir',
    out,
    '--overwrite',
    '--no-db',
    ...(limit === undefined ? [] : ['--limit', String(limit)]),
  ]);
}

/** Drops every compiled program and verdict, keeping the toolchain folders (not shards). */
function coldProgramCache(cacheDir: string): void {
  const verdicts = join(cacheDir, 'verdicts');
  for (const name of readdirSync(verdicts)) {
    if (name.endsWith('.jsonl')) rmSync(join(verdicts, name));
  }
  const artifacts = join(verdicts, 'artifacts');
  // Engine-version folders only: the cache root also holds files (the clean-up's `.cleaned` stamp).
  const versions = existsSync(artifacts) ? readdirSync(artifacts, { withFileTypes: true }) : [];
  for (const version of versions.filter((entry) => entry.isDirectory()).map((e) => e.name)) {
    for (const name of readdirSync(join(artifacts, version))) {
      if (/^[0-9a-f]{2}$/.test(name)) rmSync(join(artifacts, version, name), { recursive: true });
    }
  }
}

/** rustc and the flags the baseline compiles with: the crates passk built (host paths). */
function rustArgv(cacheDir: string): string[] {
  const rustup = join(homedir(), '.cargo', 'bin', 'rustc');
  const rustc = existsSync(rustup) ? rustup : '/usr/bin/rustc';
  const root = join(cacheDir, 'verdicts', 'artifacts');
  for (const version of readdirSync(root)) {
    const crates = join(root, version, 'rust-crates');
    for (const name of existsSync(crates) ? readdirSync(crates) : []) {
      const index = join(crates, name, 'externs.json');
      if (!existsSync(index)) continue;
      const externs = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>;
      const flags = Object.entries(externs).flatMap(([k, path]) => ['--extern', `${k}=${path}`]);
      return [
        rustc,
        '--edition',
        '2021',
        '-L',
        `dependency=${join(crates, name, 'deps')}`,
        ...flags,
      ];
    }
  }
  return [rustc, '--edition', '2021'];
}

function statuses(out: string): Record<string, number> {
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
    statuses?: Record<string, number>;
  };
  return metrics.statuses ?? {};
}

/** `log` is called after each timed phase (the caller prints the load then). */
export async function compiledSet(
  language: CompiledLanguage,
  skipBaseline: boolean,
  log: (result: CompiledResult) => void,
): Promise<CompiledResult> {
  const dir = mkdtempSync(join(tmpdir(), `passk-bench-${language}-`));
  try {
    const cacheDir = join(dir, 'cache');
    // Untimed: the once-per-machine toolchain builds (Go's seed, Rust's crates).
    await passkRun(language, cacheDir, join(dir, 'warm'), 1);
    coldProgramCache(cacheDir);
    const programs = await referencePrograms(language);
    const out = join(dir, 'passk-out');
    const passk = await passkRun(language, cacheDir, out);
    const found = statuses(out);
    const result: CompiledResult = {
      language,
      passkMs: passk.ms,
      passkCpuMs: passk.cpuMs,
      passkPassed: found['passed'] ?? 0,
      total: programs.length,
      note: `statuses ${JSON.stringify(found)}`,
    };
    log(result);
    if (skipBaseline) return result;
    const file = join(dir, 'programs.jsonl');
    writeFileSync(file, programs.map((row) => JSON.stringify(row)).join('\n'));
    const argv = [join(here, 'humanevalx_method.py'), language, file, join(dir, 'base.jsonl')];
    argv.push(String(BASELINE_THREADS), String(TIMEOUT_S), JSON.stringify(rustArgv(cacheDir)));
    const env = { ...process.env, GOCACHE: join(dir, 'gocache') };
    // Untimed: Go's build cache warmed by one program (testify compiled), as a user's would be.
    const one = join(dir, 'one.jsonl');
    writeFileSync(one, JSON.stringify(programs[0]));
    await timed('/usr/bin/python3', [...argv.slice(0, 2), one, ...argv.slice(3)], env);
    const base = await timed('/usr/bin/python3', argv, env);
    const summary = JSON.parse(base.out.trim().split('\n').at(-1)!) as {
      passed: number;
      failed: string[];
    };
    const both = {
      ...result,
      baselineMs: base.ms,
      baselineCpuMs: base.cpuMs,
      baselinePassed: summary.passed,
      note: `baseline not passed: ${summary.failed.join(' ') || 'none'}`,
    };
    log(both);
    return both;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const COMPILED_BASELINE = `HumanEval-X harness method [fresh dir, one compiler + one run per program, ${BASELINE_THREADS} threads, no sandbox]`;
