import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { dataPath } from '../helpers/data.js';

const problemFile = dataPath('humaneval/example_problem.jsonl');

describe('scoring progress off a terminal (issue 29)', () => {
  it('prints a progress line on its interval while a slow program runs, before its verdict', async () => {
    const dir = await tempDir();
    const samples = join(dir, 'samples.jsonl');
    // The program sleeps for far longer than the 0.1 s interval, once, when its module loads.
    const completion = '    return 1\n\nimport time\ntime.sleep(3)\n';
    await writeFile(samples, `${JSON.stringify({ task_id: 'test/0', completion })}\n`);
    const result = await runCli([
      'evaluate',
      '--task',
      'humaneval',
      '--allow-code-execution',
      '--dataset-path',
      problemFile,
      '--generations',
      samples,
      '--timeout',
      '20',
      '--output-dir',
      join(dir, 'out'),
      '--progress-interval',
      '0.1',
    ]);
    expect(result.code, result.stderr).toBe(0);
    // 0 of 1 judged: a line only the timer can print (a verdict-driven line would say 1/1)
    expect(result.stderr).toMatch(
      /^passk: scoring 0\/1 programs \(0%\) · pass 0\.0% · \d+s elapsed · ETA \?$/m,
    );
  }, 120_000);
});
