import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import { dataPath } from '../helpers/data.js';

const problemFile = dataPath('humaneval/example_problem.jsonl');
const toyProblems = join(repoRoot, 'test', 'fixtures', 'two-problems.jsonl');

/**
 * `passk evaluate` of a file holding `content`. A file refused before any program runs is
 * checked in this process (`run` = runCliInProcess: exit code and stderr as the process's); one
 * that is scored runs as a process.
 */
async function evaluateFile(
  content: string,
  name = 'samples.jsonl',
  extra: string[] = [],
  dataset = problemFile,
  run = runCliInProcess,
) {
  const dir = await tempDir();
  const file = join(dir, name);
  await writeFile(file, content);
  return run([
    'evaluate',
    '--task',
    'humaneval',
    '--allow-code-execution',
    '--dataset-path',
    dataset,
    '--generations',
    file,
    '--output-dir',
    join(dir, 'out'),
    ...extra,
  ]);
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('a generations file that does not fit the task is refused, never scored', () => {
  it('names a task id the benchmark does not have', async () => {
    const result = await evaluateFile(
      line({ task_id: 'test/0', completion: '    return 1' }) +
        line({ task_id: 'HumanEval/999', completion: '    return 1' }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('HumanEval/999');
  });

  it('names the broken line', async () => {
    const result = await evaluateFile(
      `${line({ task_id: 'test/0', completion: 'x' })}{"task_id": \n`,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/samples\.jsonl:2/);
  });

  it('names a row with neither completion nor solution', async () => {
    const result = await evaluateFile(line({ task_id: 'test/0', code: '    return 1' }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/completion|solution/);
  });

  it('refuses a bigcode file with the wrong number of problems', async () => {
    const result = await evaluateFile(
      JSON.stringify([['def return1():\n    return 1'], []]),
      'generations.json',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/2/);
  });

  it('names the problems a file has no samples for, and --allow-missing scores the rest', async () => {
    const content = line({ task_id: 'toy/0', completion: '    return 1' });
    const refused = await evaluateFile(content, 'samples.jsonl', [], toyProblems);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('toy/1');
    const partial = await evaluateFile(
      content,
      'samples.jsonl',
      ['--allow-missing'],
      toyProblems,
      runCli,
    );
    expect(partial.code).toBe(0);
    expect(partial.stderr).toContain('1 problems have no samples');
    expect(partial.stdout).toContain('1 problems, 1 samples');
  });

  it('scores unequal sample counts but reports only the ks every problem reaches', async () => {
    const content =
      line({ task_id: 'toy/0', completion: '    return 1' }) +
      line({ task_id: 'toy/0', completion: '    return 0' }) +
      line({ task_id: 'toy/1', completion: '    return 2 * x' });
    const result = await evaluateFile(
      content,
      'samples.jsonl',
      ['--k', '1,2'],
      toyProblems,
      runCli,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('pass@1 = 0.7500');
    expect(result.stdout).not.toContain('pass@2');
    expect(result.stderr).toContain('pass@2 not reported');
  });
});
