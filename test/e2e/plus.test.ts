/**
 * HumanEval+ and MBPP+ end to end: the ground truth passes both suites, a wrong solution set
 * scores 0 on both, and a boundary bug that HumanEval's own tests miss is caught by plus. Each
 * file run gets a fresh cache dir, so the expected outputs are really computed here.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor } from '../../src/execution/types.js';
import { evaluate } from '../../src/pipeline/evaluate.js';
import type { GenerationRecord } from '../../src/store/records.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';

const dataDir = requireData('humanevalplus', 'mbppplus');
/** Problems per task in these tests: the full runs are `npm run bench:plus` and the README. */
const LIMIT = 12;
let cacheDir = '';
/** The in-process runs share one executor (no verdict cache): its workers start once. */
let executor: Executor;

beforeAll(async () => {
  cacheDir = await tempDir('passk-plus-cache-');
  process.env['PASSK_CACHE_DIR'] = cacheDir; // the oracle's cache, for the in-process runs
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false });
});

afterAll(async () => {
  await executor?.close();
});

async function problemsOf(name: string): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return task.problems(loaded.rows, loaded.file);
}

async function score(name: string, records: GenerationRecord[]) {
  const { metrics, results } = await evaluate({
    task: name,
    candidates: { kind: 'records', records },
    allowCodeExecution: true,
    limit: records.length,
    dataset: { dataDir, offline: true },
    executor,
    preflight: false,
  });
  return { metrics, results };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

describe.each([
  ['humanevalplus', 164, 'd1e09adbe4cac827'],
  ['mbppplus', 378, '98f13d4c849923f5'],
])('%s', (name, count, golden) => {
  it('loads every problem and pins the first prompt', async () => {
    const problems = await problemsOf(name);
    expect(problems).toHaveLength(count);
    expect(sha(problems[0]!.prompt)).toBe(golden);
  });

  it('passes its ground truth on base and plus, with both scores in metrics.json', async () => {
    const out = await tempDir();
    const args = ['run', '--task', name, '--model', 'reference', '--allow-code-execution'];
    const result = await runCli(
      [...args, '--data-dir', dataDir, '--output-dir', out, '--limit', String(LIMIT), '--no-db'],
      { PASSK_CACHE_DIR: cacheDir },
    );
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics[name]).toEqual({ 'pass@1': 1 });
    expect(metrics.suites).toEqual({ base: { 'pass@1': 1 }, plus: { 'pass@1': 1 } });
    expect(metrics.suite_statuses.plus).toEqual({ passed: LIMIT });
    const first = JSON.parse((await readFile(join(out, 'results.jsonl'), 'utf8')).split('\n')[0]!);
    expect(Object.keys(first.suites)).toEqual(['base', 'plus']);
  });

  it('scores 0 on base and plus when every function returns None', async () => {
    const problems = (await problemsOf(name)).slice(0, LIMIT);
    const records = problems.map((p) => ({
      problemId: p.id,
      sample: 0,
      program: `${p.prompt}\ndef ${p.entryPoint}(*args, **kwargs):\n    return None\n`,
    }));
    const { metrics } = await score(name, records);
    expect(metrics.suites).toEqual({ base: { 'pass@1': 0 }, plus: { 'pass@1': 0 } });
    expect(metrics[name]).toEqual({ 'pass@1': 0 });
  });
});

describe('EvalPlus output rules and judge placement', () => {
  it('passes a correct Mbpp/2 answer in another order (a set task) and fails a wrong one', async () => {
    const [problem] = await problemsOf('mbppplus');
    expect(problem!.id).toBe('Mbpp/2');
    const answer = (body: string) =>
      `def similar_elements(test_tup1, test_tup2):\n    return ${body}\n`;
    const reversed = answer('tuple(sorted(set(test_tup1) & set(test_tup2), reverse=True))');
    const union = answer('tuple(set(test_tup1) | set(test_tup2))');
    const { metrics, results } = await score('mbppplus', [
      { problemId: 'Mbpp/2', sample: 0, program: reversed },
      { problemId: 'Mbpp/2', sample: 1, program: union },
    ]);
    expect(results.map((r) => r.status)).toEqual(['passed', 'failed']);
    expect(results[1]!.error_type).toBe('WrongOutput');
    expect(metrics['judge']).toMatchObject({ placement: 'outside' });
  });

  it('runs the same rules in the candidate process for the in-process variants', async () => {
    const problems = (await problemsOf('mbppplus-inprocess')).slice(0, 4);
    const records = problems.map((p) => ({ problemId: p.id, sample: 0, program: p.reference! }));
    const { metrics } = await score('mbppplus-inprocess', records);
    expect(metrics.suites).toEqual({ base: { 'pass@1': 1 }, plus: { 'pass@1': 1 } });
    expect(metrics['judge']).toMatchObject({ placement: 'in-process' });
  });
});

describe('humanevalplus catches what HumanEval misses', () => {
  it('fails an off-by-one boundary bug on plus while it passes base', async () => {
    // HumanEval/0 asks whether two numbers are closer than the threshold; `<=` also accepts
    // pairs exactly `threshold` apart. The original tests have no such pair; EvalPlus does.
    const [problem] = await problemsOf('humanevalplus');
    const data = problem!.meta['evalplus'] as { solution: string };
    const buggy = data.solution.replace('< threshold', '<= threshold');
    expect(buggy).not.toBe(data.solution);
    const { metrics, results } = await score('humanevalplus', [
      { problemId: problem!.id, sample: 0, program: buggy },
    ]);
    expect(metrics.suites).toEqual({ base: { 'pass@1': 1 }, plus: { 'pass@1': 0 } });
    expect(metrics.largest_plus_drops).toEqual([
      { problemId: 'HumanEval/0', n: 1, base: 1, plus: 0, drop: 1 },
    ]);
    expect(results[0]!.status).toBe('failed');
    expect(results[0]!.message).toMatch(/^input \d+ of \d+: got True, expected False/);
  });
});
