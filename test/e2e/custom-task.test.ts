import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const bench = 'examples/custom-jsonl/my-bench.jsonl';
const moduleTask = 'examples/custom-task/io-task.ts';
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const readMetrics = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8')) as Record<string, unknown>;

interface BenchRow {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  stop_sequences: string[];
}
const benchRows = async (): Promise<BenchRow[]> =>
  (await readFile(join(repoRoot, bench), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as BenchRow);

/** `passk run` on a reference / file, with the shared tail of flags; no --data-dir on purpose. */
const run = async (args: string[]) => {
  const out = await tempDir();
  const result = await runCli([
    'run',
    ...args,
    '--allow-code-execution',
    '--output-dir',
    out,
    '--no-db',
  ]);
  expect(result.stderr).not.toContain('internal error');
  return { ...result, out };
};

describe('a custom benchmark from a JSONL file (--task ./file.jsonl)', () => {
  it('runs its canonical solutions with --model reference: pass@1 = 1', async () => {
    const { code, out, stdout } = await run(['--task', bench, '--model', 'reference']);
    expect(code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics[bench]).toEqual({ 'pass@1': 1 });
    expect(metrics['problems']).toBe(4);
    expect(stdout).toContain('pass@1 = 1.0000');
  });

  it("cuts completions at the rows' stop sequences and scores them: 3 right, 1 wrong", async () => {
    const rows = await benchRows();
    server = await startFakeOpenAIServer({
      // The server ignores `stop`, so passk's own cut is what keeps the junk out.
      honourStop: false,
      text: ({ prompt }) => {
        const row = rows.find((r) => r.prompt === prompt);
        const body = row === rows[3] ? '    return 0\n' : (row?.canonical_solution ?? '');
        return `${body}\nprint(undefined_name)\n`;
      },
    });
    const { code, out } = await run([
      '--task',
      bench,
      '--model',
      'openai-compatible',
      '--base-url',
      server.baseUrl,
      '--n-samples',
      '1',
    ]);
    expect(code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics[bench]).toEqual({ 'pass@1': 0.75 });
    // Every row shares its stops, so all of them are sent.
    expect(server.requests[0]!.body['stop']).toEqual(rows[0]!.stop_sequences);
  });

  it('names the file, the row and the field of a bad row', async () => {
    const dir = await tempDir();
    const file = join(dir, 'bad.jsonl');
    const good = { task_id: 'a', prompt: 'x = 1\n', tests: 'assert x == 1\n' };
    await writeFile(
      file,
      `${JSON.stringify(good)}\n${JSON.stringify({ task_id: 'b', prompt: '' })}\n`,
    );
    const result = await runCli([
      'run',
      '--task',
      file,
      '--model',
      'reference',
      '--allow-code-execution',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("bad.jsonl row 2 (line 2): field 'tests': missing");
  });

  it('rejects a repeated task_id, naming both rows', async () => {
    const dir = await tempDir();
    const file = join(dir, 'dup.jsonl');
    const row = { task_id: 7, prompt: '', tests: 'assert True\n' };
    await writeFile(file, `${JSON.stringify(row)}\n${JSON.stringify(row)}\n`);
    const result = await runCli(['tasks', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("dup.jsonl row 2: field 'task_id': '7' is also row 1");
  });

  it('reports a missing file as such', async () => {
    const result = await runCli([
      'run',
      '--task',
      './nope.jsonl',
      '--model',
      'reference',
      '--allow-code-execution',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('custom benchmark file not found');
  });
});

describe('a task module (--task ./task.ts, or "task" in passk.config.json)', () => {
  it('loads the TypeScript module named in a config file and passes its references', async () => {
    const config = 'examples/custom-task/passk.config.json';
    const { code, out } = await run(['--config', config, '--model', 'reference']);
    expect(code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics['problems']).toBe(3);
    expect(metrics['config']).toMatchObject({ task: join(repoRoot, moduleTask) });
    expect(metrics[join(repoRoot, moduleTask)]).toEqual({ 'pass@1': 1 });
  });

  it('scores a wrong sample set 0 with --task and --dataset-path', async () => {
    server = await startFakeOpenAIServer({ text: () => '    return None\n' });
    const { code, out } = await run([
      '--task',
      moduleTask,
      '--dataset-path',
      'examples/custom-task/io-problems.jsonl',
      '--model',
      'openai-compatible',
      '--base-url',
      server.baseUrl,
      '--n-samples',
      '1',
    ]);
    expect(code).toBe(0);
    expect(await readMetrics(out)).toMatchObject({ [moduleTask]: { 'pass@1': 0 }, problems: 3 });
  });

  it('says what a module that exports no task is missing', async () => {
    const dir = await tempDir();
    const file = join(dir, 'not-a-task.mjs');
    await writeFile(file, "export default { name: 'half', description: 'no methods' };\n");
    const result = await runCli(['tasks', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${file} does not export a task: member 'language' is undefined, expected string`,
    );
  });
});
