/**
 * Compile-error parity of the JVM batches (docs/compile-batches.md): a batch keeps a member's
 * own compile error instead of compiling it alone again. For each set, the task's prompts alone
 * (the program the registry shard runs as the wrong one: the tests around a function with no
 * body, which does not compile), salted so no cache answers, run batched and then with
 * PASSK_COMPILE_BATCH=0 on one executor; every verdict's status, error type, message and output
 * (the compiler's full text) compared.
 *
 *   nice npx tsx bench/jvm-error-parity.ts multipl-e-java:40 humaneval-x-java:40 multipl-e-scala:32
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataDir } from '../src/datasets/index.js';
import { createExecutor } from '../src/execution/index.js';
import type { ExecJob, Verdict } from '../src/execution/types.js';
import { tasks } from '../src/index.js';
import { loadProblems } from '../src/pipeline/problems.js';

const LIMITS = { timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
const shown = (v: Verdict | undefined) =>
  JSON.stringify(v && [v.status, v.errorType, v.message, v.output]);

for (const arg of process.argv.slice(2)) {
  const [name, limit = '20'] = arg.split(':') as [string, string];
  const task = await tasks.get(name);
  const { problems } = await loadProblems(task, { dataDir: sharedDataDir(), offline: true });
  const salt = randomBytes(4).toString('hex');
  const jobs = (tag: string): ExecJob[] =>
    problems.slice(0, Number(limit)).map((p) => {
      const program = task.program(p, p.prompt);
      const source = `// ${salt} ${tag}\n${program.source}`;
      return { id: p.id, program: { ...program, source }, limits: LIMITS };
    });
  const artifacts = mkdtempSync(join(tmpdir(), 'passk-error-parity-'));
  const executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: artifacts,
  });
  try {
    const batched = await executor.run(jobs('batched'));
    process.env['PASSK_COMPILE_BATCH'] = '0';
    const alone = await executor.run(jobs('alone')).finally(() => {
      delete process.env['PASSK_COMPILE_BATCH'];
    });
    const statuses: Record<string, number> = {};
    const differ = [...batched].filter(([id, v]) => {
      const key = `${v.status}/${v.errorType ?? ''}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      return shown(v) !== shown(alone.get(id));
    });
    console.log(
      `${arg}: ${batched.size} programs ${JSON.stringify(statuses)}, ${differ.length} differ`,
    );
    for (const [id, v] of differ) console.log('  differs:', id, shown(v), shown(alone.get(id)));
  } finally {
    await executor.close();
    rmSync(artifacts, { recursive: true, force: true });
  }
}
