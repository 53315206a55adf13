/**
 * CRUXEval, PAL-GSM8K and QuixBugs end to end: `passk run --model openai-compatible` against a
 * local OpenAI-protocol server whose answers are right or wrong by choice, so the scores are
 * known exactly.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';
import type { FakeOpenAIServer, TextContext } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

// each task's own file is checked by requireTaskData where it is loaded
const dataDir = requireData();
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;

async function problemsOf(name: string): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return task.problems(loaded.rows, loaded.file);
}

/** Runs a task against a server that answers with `answer(problem, choice, chat)`. */
async function runAgainst(
  name: string,
  answer: (problem: Problem, context: TextContext) => string,
  extra: string[],
) {
  const byPrompt = new Map((await problemsOf(name)).map((p) => [p.prompt, p]));
  server = await serve({
    // A chat request carries the instruction (here: the prompt itself) as its message.
    text: (context) => {
      const problem = byPrompt.get(context.prompt);
      return problem === undefined ? 'unknown prompt' : answer(problem, context);
    },
  });
  const out = await tempDir();
  const result = await runCli([
    'run',
    '--task',
    name,
    '--model',
    'openai-compatible',
    '--base-url',
    server.baseUrl,
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--output-dir',
    out,
    '--no-db',
    '--max-new-tokens',
    '400',
    ...extra,
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
}

describe('new task families through passk run with an OpenAI-compatible server', () => {
  it('cruxeval-o: the right output for choice 0 only gives pass@1 = 1/2, pass@2 = 1', async () => {
    const metrics = await runAgainst(
      'cruxeval-o',
      (p, { choice }) =>
        `assert f(${String(p.meta['input'])}) == ${choice === 0 ? String(p.meta['output']) : "'wrong'"}\n[/ANSWER]\n`,
      ['--limit', '3', '--n-samples', '2', '--k', '1,2'],
    );
    expect(metrics.metric.name).toBe('pass@k');
    expect(metrics['cruxeval-o']).toEqual({ 'pass@1': 0.5, 'pass@2': 1 });
  });

  it('cruxeval-i-cot over chat: the answer inside [ANSWER] tags is judged', async () => {
    const metrics = await runAgainst(
      'cruxeval-i-cot',
      (p) =>
        `Let me think.\n[/THOUGHT]\n[ANSWER]\nassert f(${String(p.meta['input'])}) == ${String(p.meta['output'])}\n[/ANSWER]`,
      ['--chat', '--limit', '2', '--n-samples', '1', '--k', '1'],
    );
    expect(metrics['cruxeval-i-cot']).toEqual({ 'pass@1': 1 });
  });

  it('pal-gsm8k-majority_voting: maj@3 and accuracy from the printed answers', async () => {
    // Problem 0: right, wrong, wrong (same wrong answer) → majority wrong, first answer right.
    // Problem 1: right every time.
    const metrics = await runAgainst(
      'pal-gsm8k-majority_voting',
      (p, { choice }) => {
        const right = String(p.meta['answer']);
        const value = p.id === 'gsm8k/0' && choice > 0 ? '-7' : right;
        return `def solution():\n    x = ${value}\n    return x\n\n\n\nQ: more`;
      },
      ['--limit', '2', '--n-samples', '3', '--k', '1,3'],
    );
    expect(metrics.metric.name).toBe('maj@k');
    expect(metrics['pal-gsm8k-majority_voting']).toEqual({
      accuracy: 0.5,
      num_failed_execution: 0,
      'maj@1': 1,
      'maj@3': 0.5,
    });
    expect(metrics.pass_at_k['pass@1']).toBeCloseTo((1 / 3 + 1) / 2);
  });

  it('quixbugs: the fixed function passes, the buggy one fails', async () => {
    const metrics = await runAgainst(
      'quixbugs',
      // The prompt ends with 'def'; the model continues after it.
      (p, { choice }) => {
        const program = choice === 0 ? String(p.reference) : String(p.meta['buggy']);
        // The function only: both files may go on with a docstring (an older version inside).
        const fn = program.trimStart().split('\n"""')[0]!;
        return `${fn.slice('def'.length)}\n\n###`;
      },
      ['--limit-start', '5', '--limit', '2', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics.config.limit_start).toBe(5);
    expect(metrics.quixbugs).toEqual({ 'pass@1': 0.5 });
  });

  it('humanevalfixtests-python: the canonical body passes, the buggy body fails', async () => {
    const metrics = await runAgainst(
      'humanevalfixtests-python',
      // The prompt ends with the declaration's signature line; the model writes the body.
      (p, { choice }) => {
        const row = p.meta['row'] as { canonical_solution: string; buggy_solution: string };
        return `\n${choice === 0 ? row.canonical_solution : row.buggy_solution}\n\n\nprint(1)`;
      },
      ['--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['humanevalfixtests-python']).toEqual({ 'pass@1': 0.5 });
  });

  it('perturbed-humaneval-func_name-num_seeds_5: robust metrics over seeds, on a tiny ReCode-shaped folder', async () => {
    // Our own two problems in ReCode's layout: nominal, and one rename perturbation with 2 seeds.
    const folder = await tempDir();
    // The task id stays the problem's own under a rename, as in ReCode's files.
    const row = (name: string, doc: string) => ({
      task_id: `Toy/${doc}`,
      prompt: `def ${name}(a, b):\n    """${doc}"""\n`,
      canonical_solution: '    return a + b\n',
      test: 'def check(candidate):\n    assert candidate(2, 3) == 5\n',
      entry_point: name,
    });
    const write = async (path: string, rows: object[]) => {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), gzipSync(rows.map((r) => JSON.stringify(r)).join('\n')));
    };
    await write('nominal-HumanEval.jsonl.gz', [row('add', 'Add.'), row('plus', 'Sum.')]);
    await write('func_name/humaneval_Rename_s0.jsonl.gz', [
      row('add_a', 'Add.'),
      row('plus_a', 'Sum.'),
    ]);
    await write('func_name/humaneval_Rename_s1.jsonl.gz', [
      row('add_b', 'Add.'),
      row('plus_b', 'Sum.'),
    ]);
    const right = '\n    return a + b\n';
    server = await serve({
      // Right everywhere except plus_b, where only sample 0 is right.
      text: ({ prompt, choice }) =>
        prompt.includes('plus_b') && choice > 0 ? '\n    return 0\n' : right,
    });
    const out = await tempDir();
    const result = await runCli([
      'run',
      '--task',
      'perturbed-humaneval-func_name-num_seeds_5',
      '--model',
      'openai-compatible',
      '--base-url',
      server.baseUrl,
      '--allow-code-execution',
      '--dataset-path',
      folder,
      '--output-dir',
      out,
      '--no-db',
      '--n-samples',
      '2',
      '--k',
      '1,2',
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    const scores = metrics['perturbed-humaneval-func_name-num_seeds_5'];
    expect(metrics.problems).toBe(6);
    expect(scores['nominal/pass@1']).toBe(1);
    // plus: sample 1 is wrong on seed 1 → robust pass@1 = (1 + 1/2) / 2; pass@2 still 1.
    expect(scores['Rename/robust-pass@1']).toBe(0.75);
    expect(scores['Rename/robust-pass@2']).toBe(1);
    expect(scores['Rename/robust-drop@1']).toBe(0.25);
    expect(scores['Rename/robust-relative@1']).toBe(0.25);
    expect(metrics.metric.name).toBe('robust pass@k (ReCode)');
  });

  it('humaneval-infilling-single-line --fim-format codellama: the middle is scored with the suffix', async () => {
    const problems = await problemsOf('humaneval-infilling-single-line:codellama');
    const byPrompt = new Map(problems.map((p) => [p.prompt, p]));
    server = await serve({
      // The canonical middle for choice 0, then the end token; a wrong middle for choice 1.
      text: ({ prompt, choice }) => {
        const p = byPrompt.get(prompt);
        if (p === undefined) return 'unknown prompt';
        const middle = String(p.reference).slice(p.datasetPrompt.length);
        return `${choice === 0 ? middle : '    return None\n'}<EOT>junk`;
      },
    });
    expect(problems[0]!.prompt.startsWith('<PRE> ')).toBe(true);
    const out = await tempDir();
    const result = await runCli([
      'run',
      '--task',
      'humaneval-infilling-single-line',
      '--fim-format',
      'codellama',
      '--model',
      'openai-compatible',
      '--base-url',
      server.baseUrl,
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--output-dir',
      out,
      '--no-db',
      '--limit',
      '3',
      '--n-samples',
      '2',
      '--k',
      '1',
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics['humaneval-infilling-single-line:codellama']).toEqual({ 'pass@1': 0.5 });
    // The server was sent the end tokens as stops.
    expect(server.requests[0]!.body['stop']).toEqual(['<EOT>', '</s>']);
  });
});
