/**
 * bigcode-evaluation-harness's files and flags through the CLI: metrics.json `config` carries
 * bigcode's keys, `--save-references` writes its references.json, `--limit` on a complete
 * generations.json evaluates the selected window, bigcode's task names key metrics.json (its
 * leaderboard script reads `metrics[task]['pass@1']`), and the Python environment is recorded.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';

const dataDir = requireData('humaneval', 'mbpp/mbpp.jsonl', 'multipl-e');

async function readJson(dir: string, file: string) {
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

async function humanevalRows() {
  const task = await tasks.get('humaneval');
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return loaded.rows as { task_id: string; prompt: string; canonical_solution: string }[];
}

describe('bigcode files and flags', () => {
  it('writes bigcode config keys, references.json and the Python environment', async () => {
    const out = await tempDir();
    const result = await runCli([
      'run',
      ...['--task', 'mbpp', '--model', 'reference', '--allow-code-execution'],
      ...['--limit', '4', '--limit-start', '2', '--save-references', '--no-db'],
      ...['--data-dir', dataDir, '--output-dir', out, '--timeout', '20'],
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readJson(out, 'metrics.json');
    expect(metrics['mbpp']).toEqual({ 'pass@1': 1 });
    expect(metrics.config).toMatchObject({
      task: 'mbpp',
      tasks: 'mbpp',
      model: 'reference',
      limit: 4,
      limit_start: 2,
      n_samples: 1,
      check_references: true,
      save_references: true,
      save_references_path: 'references.json',
      max_length_generation: null,
    });
    // bigcode's MBPP.get_reference: "\n".join(doc["test_list"]), for the selected problems.
    const rows = (await readFile(join(dataDir, 'mbpp/mbpp.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { task_id: number; test_list: string[] })
      .filter((row) => row.task_id >= 11 && row.task_id <= 510);
    const expected = rows.slice(2, 6).map((row) => row.test_list.join('\n'));
    expect(await readJson(out, 'references.json')).toEqual(expected);
    const python = metrics.environment.python;
    expect(python.version).toMatch(/^3\.\d+\.\d+$/);
    expect(python.flags).toEqual(['-I', '-S']);
    // -S: no site-packages on the programs' path, so no third-party package is visible.
    expect(python.packages).toEqual([]);
    // Every remaining difference from bigcode is stated in the file itself.
    expect(metrics.reference_differences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^memory: /),
        expect.stringMatching(/^reliability_guard: .*os\.getcwd.*subprocess\.Popen/),
        expect.stringMatching(/test_setup_code.*367/),
      ]),
    );
  }, 120_000);

  it('evaluates the --limit window of a complete generations.json and says what it did', async () => {
    const rows = await humanevalRows();
    // Every problem's reference, twice: a complete bigcode file with 2 samples per problem.
    const lists = rows.map((row) => [0, 1].map(() => row.prompt + row.canonical_solution));
    const dir = await tempDir();
    const file = join(dir, 'generations.json');
    await writeFile(file, JSON.stringify(lists));
    const out = join(dir, 'run');
    const result = await runCli([
      'evaluate',
      ...['--task', 'humaneval', '--generations', file, '--allow-code-execution'],
      ...['--limit', '3', '--limit-start', '5', '--no-db'],
      ...['--data-dir', dataDir, '--output-dir', out],
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readJson(out, 'metrics.json');
    expect(metrics.per_problem.map((p: { task_id: string }) => p.task_id)).toEqual([
      'HumanEval/5',
      'HumanEval/6',
      'HumanEval/7',
    ]);
    expect(metrics['humaneval']).toEqual({ 'pass@1': 1 });
    expect(metrics.config).toMatchObject({ n_samples: 2, load_generations_path: file });
    expect(result.stderr).toMatch(/holds all 164 problems/);
    expect(result.stderr).toMatch(/--n_samples \(default 1\)/);
  }, 120_000);

  it("runs bigcode's instruct-humaneval with its --instruction-tokens", async () => {
    const out = await tempDir();
    const tokens = '<|user|>,<|end|>,<|assistant|>';
    const result = await runCli([
      'run',
      ...['--task', 'instruct-humaneval', '--model', 'reference', '--allow-code-execution'],
      ...['--instruction-tokens', tokens, '--no-db', '--output-dir', out],
      ...['--dataset-path', join(repoRoot, 'test/fixtures/instruct-protocol-mini.jsonl')],
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readJson(out, 'metrics.json');
    expect(metrics['instruct-humaneval']).toEqual({ 'pass@1': 1 });
    expect(metrics.config.instruction_tokens).toBe(tokens);
    const wrong = await runCli([
      'run',
      ...['--task', 'humaneval', '--model', 'reference', '--allow-code-execution'],
      ...['--instruction-tokens', tokens, '--no-db'],
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--instruction-tokens applies to instruct-humaneval/);
  }, 120_000);

  it("keys metrics.json by bigcode's task name when run under it", async () => {
    const dir = await tempDir();
    const file = join(dir, 'generations.json');
    await writeFile(file, JSON.stringify([['function add(x, y) {\n  return 0;\n}\n']]));
    const out = join(dir, 'run');
    const result = await runCli([
      'evaluate',
      ...['--task', 'multiple-js', '--generations', file, '--allow-code-execution'],
      ...['--limit', '1', '--no-db', '--skip-preflight'],
      ...['--data-dir', dataDir, '--output-dir', out],
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readJson(out, 'metrics.json');
    // What bigcode's leaderboard/group_jsons.py reads: data.get(task, {}).get("pass@1").
    expect(metrics['multiple-js']).toEqual({ 'pass@1': 0 });
    expect(metrics.config.tasks).toBe('multiple-js');
    expect(metrics.environment).toBeUndefined();
    expect(metrics.reference_differences).toEqual([
      expect.stringMatching(/^data: DeepSeek-Coder's copy/),
      expect.stringMatching(/^execution: /),
      expect.stringMatching(/^pass@k: bigcode's multiple-\* reports pass@k when its first problem/),
      // MultiPL-E's evaluator's rules are followed (loose deepEqual, its 5 s); what still differs:
      expect.stringMatching(/^exit: .*passes MultiPL-E's evaluators/),
      expect.stringMatching(/^time: the evaluator's limit is wall-clock time/),
      expect.stringMatching(/^output: the evaluator keeps the first 2 KiB/),
    ]);
  }, 120_000);
});
