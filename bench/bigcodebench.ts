/**
 * BigCodeBench-Hard references (148 tasks), scored two ways on this machine:
 * (a) the passk CLI end to end (`passk run --task bigcodebench-hard-complete --model reference`,
 *     timed from outside: start-up, environment probe, preflight, writing files; bwrap sandbox,
 *     Debian's libraries mounted read-only, a fresh verdict cache), and
 * (b) upstream's method re-implemented (bench/bigcodebench_method.py): a fresh interpreter per
 *     task, its limits, the solution and tests as one module, unittest, no sandbox.
 * Both with the same number of workers. Prints wall time, programs/s and pass counts, and the
 * tasks where the two disagree. Wall times on a shared machine depend on its load (printed).
 * Needs a fresh `npm run build` (the CLI runs dist/) and the task's Debian packages
 * (`scripts/setup.sh --task bigcodebench-hard-complete`).
 * Run: npx tsx bench/bigcodebench.ts [--workers N] [--data-dir DIR] [--skip-passk]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) =>
  args.includes(name) ? (args[args.indexOf(name) + 1] ?? fallback) : fallback;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
const workers = Number(flag('--workers', '2')) || 2;
const dataDir = resolve(
  flag('--data-dir', process.env['PASSK_DATA_DIR'] ?? join(repoRoot, '../shared/data')),
);
const PYTHON = '/usr/bin/python3';

interface Row {
  task_id: string;
  complete_prompt: string;
  canonical_solution: string;
  test: string;
}

function hardRows(): Row[] {
  const dir = join(dataDir, 'bigcodebench');
  const ids = new Set(
    JSON.parse(readFileSync(join(dir, 'bigcodebench-hard-ids.json'), 'utf8')) as string[],
  );
  const text = gunzipSync(readFileSync(join(dir, 'BigCodeBench-v0.1.4.jsonl.gz'))).toString('utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row)
    .filter((row) => ids.has(row.task_id));
}

/** Runs `argv` with `input` on stdin; resolves with stdout when it exits. */
function run(argv: string[], input: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], env });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', fail);
    child.on('close', () => done(out));
    child.stdin.end(input);
  });
}

/** Upstream's method: one fresh interpreter per task, `workers` at a time. */
async function upstreamMethod(rows: readonly Row[]): Promise<Map<string, string>> {
  const verdicts = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < rows.length; index = next++) {
      const row = rows[index]!;
      const code = `${row.complete_prompt}\n${row.canonical_solution}`;
      const out = await run(
        ['timeout', '-s', 'KILL', '242', PYTHON, join(here, 'bigcodebench_method.py')],
        JSON.stringify({ code, test: row.test }),
      );
      const status = (() => {
        try {
          return (JSON.parse(out.trim().split('\n').at(-1) ?? '') as { status: string }).status;
        } catch {
          return 'fail';
        }
      })();
      verdicts.set(row.task_id, status);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return verdicts;
}

/** The passk CLI, end to end, into a fresh directory with a fresh verdict cache. */
async function passk(): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-bcb-'));
  try {
    const out = join(dir, 'out');
    await run(
      [
        process.execPath,
        join(repoRoot, 'bin/passk.js'),
        'run',
        '--task',
        'bigcodebench-hard-complete',
        '--model',
        'reference',
        '--allow-code-execution',
        '--data-dir',
        dataDir,
        '--workers',
        String(workers),
        '--output-dir',
        out,
        '--no-db',
      ],
      '',
      { ...process.env, PASSK_CACHE_DIR: join(dir, 'cache') },
    );
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n');
    return new Map(
      lines.map((line) => {
        const r = JSON.parse(line) as { task_id: string; status: string };
        return [r.task_id, r.status === 'passed' ? 'pass' : 'fail'];
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timed<T>(label: string, work: () => Promise<Map<string, T>>, total: number) {
  const started = performance.now();
  const verdicts = await work();
  const seconds = (performance.now() - started) / 1000;
  const passed = [...verdicts.values()].filter((v) => v === 'pass').length;
  console.log(
    `${label}: ${seconds.toFixed(1)} s wall, ${(total / seconds).toFixed(2)} programs/s, ${passed}/${total} references pass`,
  );
  return verdicts;
}

const rows = hardRows();
console.log(
  `BigCodeBench-Hard references: ${rows.length} tasks, ${workers} workers; load ${loadavg()[0]!.toFixed(2)}`,
);
const ours = args.includes('--skip-passk')
  ? new Map<string, string>()
  : await timed('passk CLI (bwrap, Debian libraries)', passk, rows.length);
const theirs = await timed(
  'fresh interpreter per task (upstream method, no sandbox)',
  () => upstreamMethod(rows),
  rows.length,
);
const differ = rows
  .map((r) => r.task_id)
  .filter((id) => ours.size > 0 && ours.get(id) !== theirs.get(id));
console.log(`disagree: ${differ.length}${differ.length > 0 ? ` (${differ.join(', ')})` : ''}`);
console.log(`load after: ${loadavg()[0]!.toFixed(2)}`);
