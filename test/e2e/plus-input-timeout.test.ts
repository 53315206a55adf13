import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humanevalplus/HumanEvalPlus-v0.1.10.jsonl.gz');

/** A HumanEval/0 sample that sleeps far past EvalPlus's per-input limit (at least 4 s). */
const sleeper = {
  task_id: 'HumanEval/0',
  completion: '    import time\n    time.sleep(60)\n    return False\n',
};

async function verdictOf(task: string, extra: string[] = []) {
  const dir = await tempDir();
  const samples = join(dir, 'samples.jsonl');
  await writeFile(samples, `${JSON.stringify(sleeper)}\n`);
  const out = join(dir, 'out');
  const result = await runCli([
    'evaluate',
    '--task',
    task,
    '--generations',
    samples,
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--limit',
    '1',
    '--no-db',
    '--output-dir',
    out,
    ...extra,
  ]);
  expect(result.code, result.stderr).toBe(0);
  const [line] = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
  const { status, error_type: errorType, suites } = JSON.parse(line!);
  return { status, errorType, base: suites.base.status, plus: suites.plus.status };
}

describe('an input past its time limit is a timeout in every EvalPlus judging mode (issue 29)', () => {
  const timeout = {
    status: 'timeout',
    errorType: 'InputTimeLimit',
    base: 'timeout',
    plus: 'timeout',
  };

  it.each([
    ['humanevalplus', []],
    ['humanevalplus-inprocess', []],
    ['humanevalplus-inprocess', ['--judge', 'in-process']],
  ])(
    '%s %s',
    async (task, extra) => {
      expect(await verdictOf(task, extra)).toEqual(timeout);
    },
    180_000,
  );
});
