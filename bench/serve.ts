/**
 * passk serve benchmark: HumanEval canonical solutions × 10 (1,640 distinct programs), each sent
 * as its own request over 16 connections (as an RL trainer sends them), measured in one run:
 * (a) `passk serve` `/judge` (library server on loopback, bwrap, no verdict cache), (b) the same
 * programs through the local CLI (`passk evaluate` of a samples file, no verdict cache; needs a
 * fresh `npm run build`), (c) SandboxFusion's
 * method re-implemented in bench/sandboxfusion_method.py (an HTTP server starting a fresh
 * `python3` per request through /bin/bash, no isolation; a pass is exit code 0). Prints
 * programs/s, programs/s per core, client-side p50/p99 latency and the ratio; then the floor,
 * measured in the same run (bench/judge_floor.py): the programs' own compute in one warm
 * interpreter plus one fork + exit of it per program, spread over the cores, and what one fresh
 * interpreter per program costs on this machine, which bounds the ratio any fork-based server can
 * reach against SandboxFusion's method here. Wall times on a shared machine depend on its load
 * (printed before and after).
 * Run: npx tsx bench/serve.ts [--copies N] [--connections N]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src/index.js';
import { quantile } from '../src/serve/metrics.js';
import {
  humanEvalEvaluateArgs,
  humanEvalPath,
  loadHumanEval,
  programsFloor,
  timed,
  waitedChildrenCpuMs,
} from './exec-helpers.js';

const args = process.argv.slice(2);
const flag = (name: string, otherwise: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : otherwise;
const copies = flag('--copies', 10);
const connections = flag('--connections', 16);
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = dirname(dirname(humanEvalPath()));
const cores = availableParallelism();

const rows = loadHumanEval();
/** Each program once per copy, distinct by a first comment line (no cache or dedup helps). */
const programs = Array.from({ length: copies }, (_, copy) =>
  rows.map((row) => ({
    id: row.task_id,
    program: `# copy ${copy}\n${row.prompt}${row.canonical_solution}`,
    test: `${row.test}\ncheck(${row.entry_point})\n`,
  })),
).flat();

interface Measured {
  name: string;
  ms: number;
  passed: number;
  latencies: number[];
}

/** Sends every program as one request, `connections` at a time; wall time and latencies. */
async function drive(name: string, send: (index: number) => Promise<boolean>): Promise<Measured> {
  let next = 0;
  let passed = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const connection = async () => {
    while (next < programs.length) {
      const index = next++;
      const sent = performance.now();
      if (await send(index)) passed++;
      latencies.push((performance.now() - sent) / 1000);
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return { name, ms: performance.now() - started, passed, latencies };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field
async function postJson(url: string, body: unknown): Promise<any> {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function passkServe(): Promise<Measured> {
  const server = await startServer({
    allowCodeExecution: true,
    port: 0,
    verdictCache: false,
    queueLimit: 10_000,
    dataset: { dataDir, offline: true },
  });
  try {
    // The task loads on its first request: not part of the measurement.
    await postJson(`${server.url}/judge`, {
      items: [{ task: 'humaneval', problem_id: 'HumanEval/0', program: rows[0]!.prompt }],
    });
    return await drive('passk serve /judge', async (i) => {
      const { id, program } = programs[i]!;
      const answer = await postJson(`${server.url}/judge`, {
        items: [{ task: 'humaneval', problem_id: id, program }],
      });
      return answer.verdicts[0].status === 'passed';
    });
  } finally {
    await server.close();
  }
}

/** The same programs through the local CLI (`passk evaluate` of a samples file, no verdict cache). */
async function localCli(): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-serve-'));
  try {
    const samples = join(dir, 'samples.jsonl');
    const rows = programs.map((p) => JSON.stringify({ task_id: p.id, solution: p.program }));
    writeFileSync(samples, `${rows.join('\n')}\n`);
    const out = join(dir, 'out');
    const run = await timed(process.execPath, [
      ...humanEvalEvaluateArgs(samples, out, 3),
      '--no-cache',
    ]);
    const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
      statuses?: Record<string, number>;
    };
    const passed = metrics.statuses?.['passed'] ?? 0;
    return { name: 'passk evaluate (CLI)', ms: run.ms, passed, latencies: [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sandboxFusionMethod(): Promise<Measured> {
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const child = spawn('/usr/bin/python3', [join(here, 'sandboxfusion_method.py'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready) => child.stdout.once('data', () => ready()));
  try {
    return await drive('SandboxFusion method', async (i) => {
      const { program, test } = programs[i]!;
      const answer = await postJson(`http://127.0.0.1:${port}/run_code`, {
        code: `${program}\n${test}`,
        language: 'python',
        run_timeout: 3,
      });
      return answer.run_result?.return_code === 0;
    });
  } finally {
    child.kill();
  }
}

/** CPU (ms) of one fresh `python3` running `source`, the mean of `times` runs in a row. */
function freshInterpreterMs(source: string, times: number): number {
  const before = waitedChildrenCpuMs();
  for (let i = 0; i < times; i++) {
    spawnSync('/usr/bin/python3', ['-c', source], { stdio: 'ignore' });
  }
  return (waitedChildrenCpuMs() - before) / times;
}

/**
 * The floor beside the runs: own compute + one fork + exit per program over the cores, and a
 * fresh interpreter's start-up against that fork, which bounds the serve/SandboxFusion ratio.
 */
async function floorLine(fusion: Measured, serve: Measured): Promise<string> {
  const sources = programs.map((p) => `${p.program}\n${p.test}`);
  const floor = await programsFloor(sources, 500, 3);
  const floorMs = (floor.computeMs + floor.forkMs * programs.length) / cores;
  const freshMs = freshInterpreterMs('pass', 50);
  const computeEach = floor.computeMs / programs.length;
  return [
    `floor: own compute ${(floor.computeMs / 1000).toFixed(2)} s (${floor.passed}/${programs.length} pass in one warm process) + fork+exit ${floor.forkMs.toFixed(2)} ms × ${programs.length}, over ${cores} cores = ${(floorMs / 1000).toFixed(2)} s`,
    `  SandboxFusion method ${(fusion.ms / floorMs).toFixed(1)}× the floor, passk serve ${(serve.ms / floorMs).toFixed(1)}× the floor`,
    `  a fresh python3 start-up costs ${freshMs.toFixed(1)} ms of CPU here, a fork+exit ${floor.forkMs.toFixed(2)} ms: at zero overhead a fork-based server reaches at most ${((freshMs + computeEach) / (floor.forkMs + computeEach)).toFixed(1)}× SandboxFusion's method per core on these programs`,
  ].join('\n');
}

function line(m: Measured, base?: Measured): string {
  const rate = programs.length / (m.ms / 1000);
  const latency =
    m.latencies.length === 0
      ? ''
      : `  p50 ${quantile(m.latencies, 0.5).toFixed(3)} s  p99 ${quantile(m.latencies, 0.99).toFixed(3)} s`;
  const ratio = base ? `  ${(base.ms / m.ms).toFixed(1)}× its rate` : '';
  return `${m.name.padEnd(24)} ${(m.ms / 1000).toFixed(1).padStart(6)} s  ${rate.toFixed(1).padStart(6)} programs/s  ${(rate / cores).toFixed(1)}/core  passed ${m.passed}/${programs.length}${latency}${ratio}`;
}

console.log(`${programs.length} programs, ${connections} connections, ${cores} cores`);
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const fusion = await sandboxFusionMethod();
const serve = await passkServe();
const local = await localCli();
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(line(fusion));
console.log(line(serve));
console.log(line(local));
console.log(
  `passk serve / SandboxFusion method: ${(fusion.ms / serve.ms).toFixed(1)}× the programs/s`,
);
console.log(await floorLine(fusion, serve));
