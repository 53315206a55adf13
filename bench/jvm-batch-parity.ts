/**
 * Batch compilation parity for the JVM languages (docs/compile-batches.md): evaluates one set of
 * programs twice, batched and with PASSK_COMPILE_BATCH=0, each with its own cold verdict and
 * artifact cache, and compares every program's status, error type and message (a timeout's
 * message without the seconds it measured).
 *
 *   nice npx tsx bench/jvm-batch-parity.ts humaneval-x-java:reference humanevalfixtests-java:buggy \
 *     multipl-e-java:stub multipl-e-scala:stub
 *
 * `TASK:reference` runs the task's reference solutions, `TASK:buggy` HumanEvalPack's buggy ones
 * (the prompt's base + buggy_solution, what a model returning the bug unchanged would give),
 * `TASK:stub` its prompts completed by a stub (below); `TASK:KIND:N` only the first N problems.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataDir } from '../src/datasets/index.js';
import { evaluate, tasks } from '../src/index.js';
import { loadProblems } from '../src/pipeline/problems.js';

type Row = {
  task_id: string;
  sample: number;
  status: string;
  error_type?: string;
  message?: string;
};

/**
 * MultiPL-E has no reference solutions: `TASK:stub` completes each prompt's open function with a
 * body that compiles whatever it returns (Java and Scala alike; the tests close the function), so
 * each program compiles and its tests run (and end in the exception).
 */
const STUB = '        throw new UnsupportedOperationException();\n';

function missing(name: string): never {
  throw new Error(`${name} has no reference solutions: use ${name}:stub`);
}

async function records(name: string, kind: string, limit: number) {
  const task = await tasks.get(name);
  const { problems } = await loadProblems(task, { dataDir: sharedDataDir(), offline: true });
  return {
    task,
    records: problems.slice(0, limit).map((p) => ({
      problemId: p.id,
      sample: 0,
      program:
        kind === 'buggy'
          ? (p.meta as { buggy: string }).buggy
          : kind === 'stub'
            ? `${p.prompt}${STUB}`
            : (p.reference ?? missing(name)),
    })),
  };
}

async function once(name: string, kind: string, limit: number, batched: boolean) {
  const { task, records: programs } = await records(name, kind, limit);
  const cache = mkdtempSync(join(tmpdir(), 'passk-parity-'));
  if (batched) delete process.env['PASSK_COMPILE_BATCH'];
  else process.env['PASSK_COMPILE_BATCH'] = '0';
  const started = Date.now();
  try {
    const { results } = await evaluate({
      task,
      candidates: { kind: 'records', records: programs },
      allowCodeExecution: true,
      db: false,
      verdictCache: cache,
      dataset: { dataDir: sharedDataDir(), offline: true },
    });
    return { results: results as unknown as Row[], seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** A timeout's message states the seconds measured, which vary from run to run. */
const message = (r: Row) =>
  r.error_type === 'Timeout' ? (r.message ?? '').replace(/\d+\.\d+/g, 'N') : (r.message ?? '');

const counts = (rows: Row[]) =>
  Object.entries(
    rows.reduce<Record<string, number>>((n, r) => {
      n[r.status] = (n[r.status] ?? 0) + 1;
      return n;
    }, {}),
  )
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');

for (const arg of process.argv.slice(2)) {
  const [name, kind = 'reference', limit = 'all'] = arg.split(':') as [string, string, string];
  const first = limit === 'all' ? Number.POSITIVE_INFINITY : Number(limit);
  const batched = await once(name, kind, first, true);
  const alone = await once(name, kind, first, false);
  const key = (r: Row) => `${r.task_id}#${r.sample}`;
  const seen = new Map(alone.results.map((r) => [key(r), r]));
  const differ = batched.results.filter((r) => {
    const other = seen.get(key(r));
    return (
      !other ||
      other.status !== r.status ||
      (other.error_type ?? '') !== (r.error_type ?? '') ||
      message(other) !== message(r)
    );
  });
  console.log(
    `${arg}: batched ${counts(batched.results)} in ${batched.seconds.toFixed(1)} s; ` +
      `alone ${counts(alone.results)} in ${alone.seconds.toFixed(1)} s; ` +
      `${batched.results.length} programs, ${differ.length} differ`,
  );
  for (const r of differ)
    console.log('  differs:', JSON.stringify(r), JSON.stringify(seen.get(key(r))));
}
