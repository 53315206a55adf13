import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

/** HumanEval/0's prompt: the function's signature and docstring, as the dataset has it. */
const PROMPT = `from typing import List


def has_close_elements(numbers: List[float], threshold: float) -> bool:
    """ Check if in given list of numbers, are any two numbers closer to each other than
    given threshold.
    >>> has_close_elements([1.0, 2.0, 3.0], 0.5)
    False
    >>> has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, 2.0], 0.3)
    True
    """
`;
const HONEST = `${PROMPT}    return any(abs(a - b) < threshold for i, a in enumerate(numbers) for b in numbers[i + 1:])\n`;
/**
 * Installs a trace hook while the tests call it: the in-process runner refuses, and passk flags
 * the sample. (Outside judging, the default, runs the tests where the hook cannot reach them.)
 */
const TRACER = `${PROMPT}    import sys\n    sys.settrace(lambda *args: None)\n    return True\n`;

describe('a tamper flag, end to end (CLI, real sandbox)', () => {
  it('flags the sample in results.jsonl, counts it in metrics.json and shows the rate', async () => {
    const dir = await tempDir();
    const generations = join(dir, 'generations-in.json');
    await writeFile(generations, JSON.stringify([[HONEST, TRACER]]));
    const out = join(dir, 'run');
    const evaluated = await runCli([
      'evaluate',
      '--task',
      'humaneval',
      '--generations',
      generations,
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '1',
      '--no-db',
      '--judge',
      'in-process',
      '--output-dir',
      out,
    ]);
    expect(evaluated.stderr).not.toContain('internal error');
    expect(evaluated.code).toBe(0);
    expect(evaluated.stdout).toContain(
      'cheating rate 50.0% (1 of 2 samples flagged: trace-hook 1)',
    );
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results.map((r) => [r.sample, r.status, r.tamper])).toEqual([
      [0, 'passed', undefined],
      [1, 'error', 'trace-hook'],
    ]);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.tamper).toEqual({
      samples: 1,
      by_reason: { 'trace-hook': 1 },
      cheating_rate: 0.5,
    });

    const shown = await runCli(['show', out, '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    const lines = shown.stdout.split('\n');
    const at = lines.findIndex((line) => line.includes('pass@1 = 50.0%'));
    expect(lines[at + 1]).toBe('  cheating rate 50.0% (1 of 2 samples flagged: trace-hook 1)');
    const json = await runCli(['show', out, '--data-dir', dataDir, '--json']);
    expect(JSON.parse(json.stdout).tamper).toEqual(metrics.tamper);
  });
});
