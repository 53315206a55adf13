import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';
import type { FakeOpenAIServer } from '../helpers/fake-openai-server.js';
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

const chatArgs = (task: string, baseUrl: string, out: string, limit: number) => [
  'run',
  '--task',
  task,
  '--model',
  'openai-compatible',
  '--chat',
  '--base-url',
  baseUrl,
  '--n-samples',
  '1',
  '--max-new-tokens',
  '4096',
  '--limit',
  String(limit),
  '--allow-code-execution',
  '--data-dir',
  dataDir,
  '--output-dir',
  out,
  '--no-db',
];

const readMetrics = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8')) as Record<string, unknown>;

/** A chatty reply with the code in a python fence (MBPP code lacks a final newline). */
const fenced = (code: string) =>
  `Sure! Here is the function:\n\n\`\`\`python\n${code.trimEnd()}\n\`\`\`\n\nDone.`;

describe('passk run --task humaneval-instruct --chat against a local chat server', () => {
  it('sends the instruction, extracts the reply and scores it: 3 right, 1 wrong', async () => {
    const problems = (await problemsOf('humaneval-instruct')).slice(0, 4);
    const [p0, p1, p2, p3] = problems as [Problem, Problem, Problem, Problem];
    const solution = (p: Problem) => p.reference!.slice(p.prompt.length);
    const replies = new Map([
      // The function alone, without the prompt's `from typing import List`: restored.
      [p0.entryPoint!, fenced(p0.prompt.replace(/^from typing import List\n/m, '') + solution(p0))],
      [p1.entryPoint!, fenced(p1.reference!)],
      // A body only (the model continued the signature): the prompt is put back in front.
      [p2.entryPoint!, fenced(solution(p2))],
      [p3.entryPoint!, fenced(`def ${p3.entryPoint}(operations):\n    return None\n`)],
    ]);
    server = await serve({
      text: ({ prompt }) => {
        const name = /Write the Python function `(\w+)`/.exec(prompt)?.[1] ?? '';
        return replies.get(name) ?? 'no idea';
      },
    });
    const out = await tempDir();
    const result = await runCli(chatArgs('humaneval-instruct', server.baseUrl, out, 4));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics['humaneval-instruct']).toEqual({ 'pass@1': 0.75 });
    const perProblem = metrics['per_problem'] as { task_id: string; c: number }[];
    expect(perProblem.map((p) => p.c)).toEqual([1, 1, 1, 0]);
    // What the model was asked: the task's own instruction, over the chat API, never cut.
    const task = await tasks.get('humaneval-instruct');
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    const messages = request.body['messages'] as { role: string; content: string }[];
    const asked = problems.find((p) => messages[0]!.content.includes(`\`${p.entryPoint}\``))!;
    expect(messages).toEqual([{ role: 'user', content: task.instructionPrompt!(asked) }]);
    expect(request.body['stop'] ?? []).toEqual([]);
  });

  it('scores mbpp-instruct replies against the same MBPP tests', async () => {
    const problems = (await problemsOf('mbpp-instruct')).slice(0, 3);
    const wrong = problems[2]!;
    server = await serve({
      text: ({ prompt }) => {
        const problem = problems.find((p) => prompt.includes(`\`${p.entryPoint}\``));
        if (problem === undefined) return 'no idea';
        return problem === wrong
          ? fenced(`def ${problem.entryPoint}(*args):\n    return None\n`)
          : fenced(problem.reference!.slice(problem.prompt.length));
      },
    });
    const out = await tempDir();
    const result = await runCli(chatArgs('mbpp-instruct', server.baseUrl, out, 3));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readMetrics(out);
    const perProblem = metrics['per_problem'] as { task_id: string; c: number }[];
    expect(perProblem.map((p) => [p.task_id, p.c])).toEqual([
      [problems[0]!.id, 1],
      [problems[1]!.id, 1],
      [wrong.id, 0],
    ]);
  });
});

describe('passk run --task humaneval-instruct --model reference', () => {
  it('runs the canonical full programs (helper-function problem included) and passes them', async () => {
    const out = await tempDir();
    const result = await runCli([
      'run',
      '--task',
      'humaneval-instruct',
      '--model',
      'reference',
      '--limit',
      '12',
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--output-dir',
      out,
      '--no-db',
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics['humaneval-instruct']).toEqual({ 'pass@1': 1 });
    expect(metrics['problems']).toBe(12);
  });
});

describe('chat replies that leave out a helper the prompt defines', () => {
  it('put the helper back, so HumanEval/10 (make_palindrome uses is_palindrome) passes', async () => {
    const problem = (await problemsOf('humaneval-instruct'))[10]!;
    const solution = problem.reference!.slice(problem.prompt.length);
    const start = problem.prompt.indexOf('def make_palindrome(');
    expect(start).toBeGreaterThan(0); // the prompt really defines a helper before it
    server = await serve({
      text: () => fenced(problem.prompt.slice(start) + solution),
    });
    const out = await tempDir();
    const args = chatArgs('humaneval-instruct', server.baseUrl, out, 1);
    const result = await runCli([...args, '--limit-start', '10']);
    expect(result.code, result.stderr).toBe(0);
    expect((await readMetrics(out))['humaneval-instruct']).toEqual({ 'pass@1': 1 });
  });
});
