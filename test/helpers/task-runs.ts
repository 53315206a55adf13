/**
 * Runs of one registered task through the CLI, by reference or against a local OpenAI-protocol
 * server whose answer is a function of the problem its prompt (or instruction) belongs to.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from './cli.js';
import { requireData, requireTaskData } from './data.js';
import type { FakeOpenAIServer, TextContext } from './fake-openai-server.js';
import { fakeServers } from './toy-model.js';

export async function problemsOf(name: string): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return task.problems(loaded.rows, loaded.file);
}

// biome-ignore lint/suspicious/noExplicitAny: metrics.json and results.jsonl as the tests read them
type Json = any;

/** `passk run --task name … extra` (or `command`; exit 0, no internal error): its metrics and results. */
export async function runTask(
  name: string,
  extra: string[],
  command: string[] = ['run'],
): Promise<{ metrics: Json; results: Json[] }> {
  const out = await tempDir();
  const result = await runCli([
    ...command,
    '--task',
    name,
    '--allow-code-execution',
    '--data-dir',
    requireData(),
    '--output-dir',
    out,
    '--no-db',
    ...extra,
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code, result.stderr).toBe(0);
  const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
  const lines = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
  return { metrics, results: lines.map((line) => JSON.parse(line)) };
}

/**
 * `passk evaluate --task name` of a samples.jsonl holding `rows` (exit 0): its metrics and
 * results, as a user replays another harness's file.
 */
export async function evaluateRows(
  name: string,
  rows: readonly Record<string, unknown>[],
  extra: string[] = [],
): Promise<{ metrics: Json; results: Json[] }> {
  const dir = await tempDir();
  const file = join(dir, 'samples.jsonl');
  await writeFile(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  return runTask(name, [], ['evaluate', '--generations', file, ...extra]);
}

/**
 * For a test file: `runAgainst(name, answer, extra)` runs the task against a fake server that
 * answers each prompt (completion) or instruction (chat) with `answer(problem, context)`; the
 * server is closed after each test.
 */
export function taskServer() {
  const serve = fakeServers();
  let server: FakeOpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async function runAgainst(
    name: string,
    answer: (problem: Problem, context: TextContext) => string,
    extra: string[],
  ) {
    const task = await tasks.get(name);
    const byPrompt = new Map<string, Problem>();
    for (const p of await problemsOf(name)) {
      byPrompt.set(p.prompt, p);
      byPrompt.set(task.instructionPrompt?.(p) ?? '', p);
    }
    server = await serve({
      text: (context) => {
        const problem = byPrompt.get(context.prompt);
        return problem === undefined ? 'unknown prompt' : answer(problem, context);
      },
    });
    const model = ['--model', 'openai-compatible', '--base-url', server.baseUrl];
    return runTask(name, [...model, '--max-new-tokens', '400', ...extra]);
  };
}
