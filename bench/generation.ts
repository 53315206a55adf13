/**
 * Harness overhead of passk's generation client: against a local server answering instantly
 * (in another process), samples/s and client CPU per sample at concurrency 1, 16 and 64,
 * beside a bare fetch loop sending the same requests (one sample per request: the worst case;
 * the last row shows server-side n amortizing the per-request cost). Run: npx tsx bench/generation.ts
 * (BENCH_REQUESTS=N to change the request count per row; default 1000).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { generate } from '../src/generation/generate.js';
import { resolveSampling } from '../src/generation/sampling.js';
import { createOpenAICompatibleBackend } from '../src/models/openai/backend.js';
import { tinyProblems, tinyTask } from '../test/generation/tiny-task.js';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 1000);
const here = dirname(fileURLToPath(import.meta.url));

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'generation-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [baseUrl] = await new Promise<string[]>((resolve) =>
    lines.once('line', (line) => resolve([line])),
  );
  return { baseUrl: baseUrl!, stop: () => child.kill() };
}

interface Row {
  client: string;
  concurrency: number;
  samplesPerSecond: number;
  cpuUsPerSample: number;
  wallUsPerSample: number;
}

async function measure(
  client: string,
  concurrency: number,
  run: () => Promise<void>,
): Promise<Row> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    client,
    concurrency,
    samplesPerSecond: Math.round((REQUESTS * 1000) / wallMs),
    cpuUsPerSample: Math.round((used.user + used.system) / REQUESTS),
    wallUsPerSample: Math.round((wallMs * 1000) / REQUESTS),
  };
}

/** The floor: the same streaming requests with fetch and a plain read of the body. */
async function bareFetch(baseUrl: string, concurrency: number): Promise<void> {
  let next = 0;
  const body = (i: number) =>
    JSON.stringify({
      model: 'bench',
      prompt: `def f${i}(x):\n`,
      n: 1,
      max_tokens: 64,
      stream: true,
      stop: ['\ndef'],
    });
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const response = await fetch(`${baseUrl}/completions`, {
        method: 'POST',
        body: body(i),
        headers: { 'content-type': 'application/json' },
      });
      await response.text();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** passk's backend alone: replica pool, retry wrapper, request control, SSE parsing. */
async function passkBackend(baseUrl: string, concurrency: number): Promise<void> {
  const backend = createOpenAICompatibleBackend({
    baseUrls: [baseUrl],
    model: 'bench',
    batchSize: concurrency,
  });
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      await backend.generate({
        prompt: { kind: 'completion', text: `def f${i}(x):\n` },
        n: 1,
        sampling: { temperature: 0.2, topP: 0.95, maxNewTokens: 64, seed: i, stop: ['\ndef'] },
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** passk's whole generation stage: backend, retries wrapper, stream parsing, post-processing, journal. */
async function passkGenerate(baseUrl: string, concurrency: number, perRequest = 1): Promise<void> {
  const runDir = await mkdtemp(join(tmpdir(), 'passk-bench-'));
  try {
    const backend = createOpenAICompatibleBackend({
      baseUrls: [baseUrl],
      model: 'bench',
      batchSize: concurrency,
      maxSamplesPerRequest: perRequest,
    });
    const result = await generate({
      task: tinyTask,
      problems: tinyProblems(REQUESTS / 10),
      backend,
      sampling: resolveSampling('pass@1', { nSamples: 10, maxNewTokens: 64 }),
      runDir,
      concurrency,
    });
    if (result.records.length !== REQUESTS)
      throw new Error(`expected ${REQUESTS} samples, got ${result.records.length}`);
  } finally {
    await rm(runDir, { recursive: true, force: true });
  }
}

const server = await startServer();
try {
  const rows: Row[] = [];
  const clients: [string, (url: string, concurrency: number) => Promise<void>][] = [
    ['bare fetch', bareFetch],
    ['passk backend', passkBackend],
    ['passk generate()', passkGenerate],
    // server-side n: one request carries the 10 samples of a problem
    ['passk generate() n=10', (url, concurrency) => passkGenerate(url, concurrency, 10)],
  ];
  // warm-up: the JIT needs a few thousand requests before the figures settle
  for (let round = 0; round < 2; round++) {
    for (const [, client] of clients) await client(server.baseUrl, 16);
  }
  for (const concurrency of [1, 16, 64]) {
    for (const [name, client] of clients) {
      rows.push(await measure(name, concurrency, () => client(server.baseUrl, concurrency)));
    }
  }
  console.table(rows);
  for (const concurrency of [1, 16, 64]) {
    const [bare, backend, stage, batched] = rows.filter((r) => r.concurrency === concurrency);
    const ms = (row: Row) => ((row.cpuUsPerSample - bare!.cpuUsPerSample) / 1000).toFixed(3);
    console.log(
      `concurrency ${concurrency}: CPU per sample beyond bare fetch: backend +${ms(backend!)} ms, ` +
        `whole generate() +${ms(stage!)} ms; with n=10 per request, all client CPU is ` +
        `${(batched!.cpuUsPerSample / 1000).toFixed(3)} ms per sample`,
    );
  }
} finally {
  server.stop();
}
