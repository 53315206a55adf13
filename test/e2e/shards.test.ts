import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

/** metrics.json as canonical text, for comparisons that drop a key first. */
function stable(text: string): string {
  return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
}

const common = [
  '--task',
  'humaneval',
  '--allow-code-execution',
  '--data-dir',
  requireData('humaneval/HumanEval.jsonl.gz'),
];

/** Two samples per problem on the first 24 problems: the reference solution and a wrong one. */
let samples: string;
beforeAll(async () => {
  const reference = await tempDir();
  const run = await runCli([
    'run',
    ...common,
    '--model',
    'reference',
    '--limit',
    '24',
    '--output-dir',
    reference,
  ]);
  expect(run.code, run.stderr).toBe(0);
  const rows = (await readFile(join(reference, 'samples.jsonl'), 'utf8')).trim().split('\n');
  const wrong = rows.map((row, i) => ({
    task_id: JSON.parse(row).task_id,
    completion: i % 3 === 0 ? JSON.parse(row).completion : '    return None\n',
  }));
  samples = join(reference, 'two-samples.jsonl');
  await writeFile(samples, [...rows, ...wrong.map((r) => JSON.stringify(r))].join('\n'));
});

describe('--shard i/N and passk merge', () => {
  it('merging 4 shards gives the metrics of the unsharded run, byte for byte', async () => {
    const evaluate = [
      'evaluate',
      ...common,
      '--generations',
      samples,
      '--limit',
      '24',
      '--k',
      '1,2',
    ];
    const whole = await tempDir();
    const unsharded = await runCli([...evaluate, '--output-dir', whole]);
    expect(unsharded.code, unsharded.stderr).toBe(0);
    const shards: string[] = [];
    for (let i = 0; i < 4; i++) {
      const dir = await tempDir();
      const shard = await runCli([...evaluate, '--shard', `${i}/4`, '--output-dir', dir]);
      expect(shard.code, shard.stderr).toBe(0);
      expect(JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8')).problems).toBe(6);
      shards.push(dir);
    }
    const out = join(await tempDir(), 'merged');
    const merged = await runCli(['merge', ...[...shards].reverse(), '-o', out]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toContain('merged 4 shards: 24 problems, 48 samples');
    // recorded in the run store beside it, like any run (issue 29)
    const runId = /run id: (\w+)/.exec(merged.stdout)?.[1];
    const listed = await runCli(['runs', '--db', join(dirname(out), 'passk.db'), '--json']);
    expect(listed.stdout).toContain(runId);
    expect(listed.stdout).toContain(out);
    const [a, b] = await Promise.all([
      readFile(join(whole, 'metrics.json'), 'utf8'),
      readFile(join(out, 'metrics.json'), 'utf8'),
    ]);
    // Byte for byte: metrics.json holds no times or machine counters (those are in run.json).
    expect(b).toBe(a);
    expect(JSON.parse(a).humaneval['pass@1']).not.toBe(1); // a real mix of passes and failures
    for (const file of ['generations.json', 'samples.jsonl']) {
      expect(await readFile(join(out, file), 'utf8'), file).toBe(
        await readFile(join(whole, file), 'utf8'),
      );
    }
    const missing = await runCli(['merge', ...shards.slice(1), '-o', join(out, 'again')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing shards: 0/4');
  }, 240_000); // six CLI runs: a hang guard, not a speed check

  it('shards generation too: 2 generating shards merge into the unsharded model run', async () => {
    const server = await startFakeOpenAIServer();
    try {
      const model = ['--model', 'openai-compatible', '--base-url', server.baseUrl, '--no-db'];
      const run = ['run', ...common, ...model, '--n-samples', '3', '--limit', '8', '--k', '1,3'];
      const whole = await tempDir();
      expect((await runCli([...run, '--output-dir', whole])).code).toBe(0);
      const shards = [await tempDir(), await tempDir()];
      for (const [i, dir] of shards.entries()) {
        const shard = await runCli([...run, '--shard', `${i}/2`, '--output-dir', dir]);
        expect(shard.code, shard.stderr).toBe(0);
        expect(shard.stdout).toContain('generated: 12 samples');
      }
      const out = join(await tempDir(), 'merged');
      expect((await runCli(['merge', ...shards, '-o', out])).code).toBe(0);
      // The generation sessions (timings, token counts) are per run: dropped with the counters.
      const drop = (text: string) => {
        const { generation: _sessions, ...rest } = JSON.parse(text);
        return stable(JSON.stringify(rest));
      };
      const [a, b] = [
        await readFile(join(whole, 'metrics.json'), 'utf8'),
        await readFile(join(out, 'metrics.json'), 'utf8'),
      ];
      expect(drop(b)).toBe(drop(a));
      for (const file of ['generations.json', 'samples.jsonl']) {
        expect(await readFile(join(out, file), 'utf8'), file).toBe(
          await readFile(join(whole, file), 'utf8'),
        );
      }
    } finally {
      await server.close();
    }
  });

  it('refuses shards run with different settings', async () => {
    const evaluate = ['evaluate', ...common, '--generations', samples, '--limit', '24'];
    const dirs = [await tempDir(), await tempDir()];
    await runCli([...evaluate, '--shard', '0/2', '--output-dir', dirs[0]!]);
    await runCli([...evaluate, '--shard', '1/2', '--timeout', '5', '--output-dir', dirs[1]!]);
    const result = await runCli(['merge', ...dirs, '-o', join(await tempDir(), 'm')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('shards disagree on config.timeout_ms: 3000');
  });

  it('evaluates a generations file that holds only its own shard', async () => {
    const rows = (await readFile(samples, 'utf8')).split('\n');
    const ids = [...new Set(rows.map((row) => JSON.parse(row).task_id as string))];
    const mine = new Set(ids.slice(6, 12)); // shard 1/4 of the 24 problems
    const own = join(await tempDir(), 'shard-1.jsonl');
    await writeFile(own, rows.filter((row) => mine.has(JSON.parse(row).task_id)).join('\n'));
    const dir = await tempDir();
    const evaluate = ['evaluate', ...common, '--generations', own, '--limit', '24'];
    const result = await runCli([...evaluate, '--shard', '1/4', '--output-dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8'));
    expect(metrics.per_problem.map((p: { task_id: string }) => p.task_id)).toEqual([...mine]);
    // A new folder: the one above now holds a finished run, which passk would not replace.
    const wrongShard = await runCli([
      ...evaluate,
      '--shard',
      '2/4',
      '--output-dir',
      join(dir, 'wrong-shard'),
    ]);
    expect(wrongShard.code).toBe(2);
    expect(wrongShard.stderr).toContain('has no samples for 6 problems of shard 2/4');
  });

  it('refuses a shard index out of range, saying indices are 0-based', async () => {
    const result = await runCli([
      'evaluate',
      ...common,
      '--generations',
      samples,
      '--shard',
      '4/4',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('0-based');
  });
});
