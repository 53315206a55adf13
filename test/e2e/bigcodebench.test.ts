/**
 * BigCodeBench end to end: `passk run` against a local OpenAI-protocol server, completion and
 * chat, on BigCodeBench/1-3 (1 and 2 use the standard library only, 3 numpy), with right and
 * wrong answers, through upstream's post-processing (stops, sanitize, calibration) and the
 * unittest program in the real sandbox with the task's libraries mounted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset, sharedDataDir } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import type { FakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

const dataDir = sharedDataDir();
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;

async function problemsOf(name: string): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir, offline: true });
  return task.problems(loaded.rows, loaded.file).slice(1, 4);
}

const runArgs = (task: string, baseUrl: string, out: string, chat: boolean) => [
  'run',
  '--task',
  task,
  '--model',
  'openai-compatible',
  ...(chat ? ['--chat'] : []),
  '--base-url',
  baseUrl,
  '--n-samples',
  '1',
  '--limit-start',
  '1',
  '--limit',
  '3',
  '--allow-code-execution',
  '--data-dir',
  dataDir,
  '--output-dir',
  out,
  '--no-db',
];

interface ResultLine {
  task_id: string;
  status: string;
  error_type?: string;
}

async function resultsOf(dir: string): Promise<Record<string, ResultLine>> {
  const lines = (await readFile(join(dir, 'results.jsonl'), 'utf8')).trim().split('\n');
  const results = lines.map((line) => JSON.parse(line) as ResultLine);
  return Object.fromEntries(results.map((r) => [r.task_id, r]));
}

/** The canonical body (the reference continues the complete prompt after one newline). */
const body = (p: Problem) => p.reference!.slice(p.prompt.length + 1);
const byPrompt = (problems: Problem[], answers: string[]) => (prompt: string) =>
  answers[problems.findIndex((p) => prompt.includes(p.prompt.trim()))] ?? 'no idea';

describe('bigcodebench-complete, completion model', () => {
  it('cuts at upstream stops, sanitizes, and runs every test: right, wrong, right (numpy)', async () => {
    const problems = await problemsOf('bigcodebench-complete');
    const [p1, p2, p3] = problems as [Problem, Problem, Problem];
    expect(p3.meta['libs']).toContain('numpy');
    const answers = [
      // Extra code after upstream's stop sequences must not reach the program.
      `${body(p1)}\nprint(task_func(5))\nraise SystemExit(0)\n`,
      // Wrong: returns nothing; the tests must fail it.
      '    return None\n',
      `${body(p3)}\ndef main():\n    raise SystemExit(0)\n`,
    ];
    server = await serve({
      text: ({ prompt }) => byPrompt(problems, answers)(prompt),
    });
    const out = await tempDir();
    const result = await runCli(runArgs('bigcodebench-complete', server.baseUrl, out, false));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const results = await resultsOf(out);
    expect(results[p1.id]?.status).toBe('passed');
    expect(results[p2.id]?.status).toBe('failed');
    expect(results[p3.id]?.status).toBe('passed');
    // Upstream's stops for base models were sent: EOS plus the direct-completion ones.
    const stops = server.requests.flatMap((r) => r.body['stop']);
    expect(stops).toContain('\nprint(');
    expect(stops).toContain('\ndef ');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics['bigcodebench-complete']['pass@1']).toBeCloseTo(2 / 3, 10);
    expect(metrics.environment.python.modules.numpy).toMatch(/^\d/);
  }, 300_000);
});

describe('bigcodebench-instruct, chat model', () => {
  it('reads code out of prose, keeps the entry point and its helpers, fails a wrong one', async () => {
    const problems = await problemsOf('bigcodebench-instruct');
    const [p1, p2, p3] = problems as [Problem, Problem, Problem];
    // The canonical bodies, from the complete split (same rows, same references).
    const complete = await problemsOf('bigcodebench-complete');
    const body = (p: Problem) => {
      const same = complete.find((c) => c.id === p.id)!;
      return same.reference!.slice(same.prompt.length + 1);
    };
    const codePrompt = (p: Problem) => String(p.meta['codePrompt']);
    const reply = (code: string) =>
      `Here is a solution.\n\n\`\`\`python\n${code}\n\`\`\`\n\nIt's tested. Example:\n\`\`\`python\nprint(task_func())\n\`\`\`\n`;
    const answers = [
      // The whole function, plus a __main__ block sanitize drops.
      reply(`${codePrompt(p1)}${body(p1)}\nif __name__ == "__main__":\n    raise SystemExit(0)`),
      // Wrong: a body that raises.
      reply(`${codePrompt(p2)}    raise ValueError("no")`),
      // Imports left out (calibration puts the code prompt's back) and a helper it calls.
      reply(
        `def helper(*args, **kwargs):\n    return _impl(*args, **kwargs)\n\n${codePrompt(p3)
          .split('\n')
          .filter((l) => !/^(import|from) /.test(l))
          .join('\n')
          .replace(
            /def task_func/,
            'def _impl',
          )}${body(p3)}\ndef task_func(*args, **kwargs):\n    return helper(*args, **kwargs)`,
      ),
    ];
    server = await serve({
      text: ({ prompt }) => byPrompt(problems, answers)(prompt),
    });
    const out = await tempDir();
    const result = await runCli(runArgs('bigcodebench-instruct', server.baseUrl, out, true));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const results = await resultsOf(out);
    expect(results[p1.id]?.status).toBe('passed');
    expect(results[p2.id]).toMatchObject({ status: 'error', error_type: 'ValueError' });
    expect(results[p3.id]?.status).toBe('passed');
    // The message is upstream's instruction prefix over the instruct prompt.
    const first = JSON.stringify(server.requests[0]?.body['messages']);
    expect(first).toContain('Please provide a self-contained Python script');
  }, 300_000);
});
