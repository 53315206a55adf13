import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../src/datasets/index.js';
import { evaluate } from '../../src/index.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli, tempDir } from '../helpers/cli.js';

/** `--task-arg KEY=VALUE` (docs/tasks.md "Task parameters"): checked before anything runs. */
let dir: string;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (taskArg: string) =>
  runCli([
    'run',
    '--task',
    'humaneval-infilling-single-line',
    '--model',
    'reference',
    '--allow-code-execution',
    '--output-dir',
    join(dir, 'out'),
    '--task-arg',
    taskArg,
  ]);

describe('passk run --task-arg', () => {
  it('exits 2 with one line naming the allowed keys for an unknown key or a bad value', async () => {
    for (const [arg, said] of [
      ['format=codellama', "unknown key 'format'"],
      ['fim_format=nope', "'fim_format'"],
    ] as const) {
      const result = await run(arg);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('bad --task-arg for humaneval-infilling-single-line');
      expect(result.stderr).toContain(said);
      expect(result.stderr).toContain('allowed keys: fim_format');
    }
  });
});

describe('library params (the same parameters as --task-arg)', () => {
  const base = {
    task: 'humaneval-infilling-single-line',
    candidates: { kind: 'reference' },
    allowCodeExecution: true,
    limit: 2,
    workers: 1,
    verdictCache: false,
    dataset: { dataDir: sharedDataDir() },
  } as const;

  it('selects the task the parameters name and records them in metrics.json', async () => {
    const { metrics } = await evaluate({
      ...base,
      params: { fim_format: 'codellama' },
      outputDir: join(dir, 'library'),
    });
    expect(metrics['humaneval-infilling-single-line:codellama']).toEqual({ 'pass@1': 1 });
    expect((metrics['config'] as Record<string, unknown>)['task_params']).toEqual({
      fim_format: 'codellama',
    });
    const written = JSON.parse(await readFile(join(dir, 'library', 'metrics.json'), 'utf8'));
    expect(written.config.task_params).toEqual({ fim_format: 'codellama' });
  }, 120_000);

  it('records the defaults of a family with parameters when none are given', async () => {
    const { metrics } = await evaluate({ ...base, outputDir: join(dir, 'defaults') });
    expect((metrics['config'] as Record<string, unknown>)['task_params']).toEqual({
      fim_format: 'starcoder',
    });
  }, 120_000);

  it('refuses an unknown parameter with the allowed keys, and params with a Task object', async () => {
    await expect(evaluate({ ...base, params: { format: 'x' } })).rejects.toThrow(
      /unknown key 'format'; allowed keys: fim_format/,
    );
    await expect(evaluate({ ...base, task: 'humaneval', params: { k: 1 } })).rejects.toThrow(
      /takes no parameters/,
    );
    const task = await tasks.get('humaneval');
    await expect(evaluate({ ...base, task, params: { fim_format: 'qwen' } })).rejects.toThrow(
      /params are for a registered task name/,
    );
  });
});
