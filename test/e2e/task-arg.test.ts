import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
