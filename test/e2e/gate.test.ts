import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * A sample that leaves a marker file on the host if it ever runs. The weakest sandbox
 * ('subprocess') does not stop the write, so the positive control below proves the marker would
 * appear: its absence without the flag then means the program was never started.
 */
async function markerSamples(dir: string) {
  // The subprocess sandbox runs programs as an unprivileged uid: let it write here.
  await chmod(dir, 0o777);
  const marker = join(dir, 'ran.marker');
  const completion = `    open(${JSON.stringify(marker)}, 'w').write('x')\n    return 1\n`;
  const samples = join(dir, 'samples.jsonl');
  await writeFile(samples, `${JSON.stringify({ task_id: 'test/0', completion })}\n`);
  const problem = join(dir, 'problem.jsonl');
  const row = {
    task_id: 'test/0',
    prompt: 'def return1():\n',
    canonical_solution: '    return 1',
    test: 'def check(candidate):\n    assert candidate() == 1',
    entry_point: 'return1',
  };
  await writeFile(problem, `${JSON.stringify(row)}\n`);
  return { marker, samples, problem };
}

const args = (files: { samples: string; problem: string }, out: string) => [
  'evaluate',
  '--task',
  'humaneval',
  '--generations',
  files.samples,
  '--dataset-path',
  files.problem,
  '--sandbox',
  'subprocess',
  '--output-dir',
  out,
];

describe('the execution gate', () => {
  it('runs nothing without --allow-code-execution and says why in one line', async () => {
    const dir = await tempDir();
    const files = await markerSamples(dir);
    const result = await runCli(args(files, join(dir, 'out')));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to run model-generated code');
    expect(result.stderr).toContain('--allow-code-execution');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(files.marker)).toBe(false);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('runs the same sample once the flag is given (positive control)', async () => {
    const dir = await tempDir();
    const files = await markerSamples(dir);
    const result = await runCli([...args(files, join(dir, 'out')), '--allow-code-execution']);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(files.marker)).toBe(true);
  });
});
