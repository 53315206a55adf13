import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset, sharedDataDir } from '../../src/datasets/index.js';
import { exercismFiles } from '../../src/tasks/aider-polyglot/candidate-files.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import type { FakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

const dataDir = sharedDataDir();
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;

async function problemsOf(name: string, limit: number): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir, offline: true });
  return task.problems(loaded.rows, loaded.file).slice(0, limit);
}

/** A reply in Aider's whole-file format with the given files. */
function reply(files: Record<string, string>): string {
  const blocks = Object.entries(files).map(([path, text]) => `${path}\n\`\`\`\n${text}\`\`\``);
  return `Here are the updated files.\n\n${blocks.join('\n\n')}\n`;
}

const solutionOf = (p: Problem) => p.meta['solution'] as Record<string, string>;
const referenceOf = (p: Problem) => exercismFiles(p.reference!);

const SECOND_TRY = 'See the testing errors above.';

const args = (task: string, baseUrl: string, out: string, limit: number) => [
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
  '16384',
  '--limit',
  String(limit),
  '--allow-code-execution',
  '--data-dir',
  dataDir,
  '--output-dir',
  out,
  '--no-db',
];

/**
 * The scripted model: `firstRight` problems get the reference at once; the others get the stub
 * back first (it fails its tests) and the reference once the test output comes back.
 */
function scriptedModel(problems: readonly Problem[], firstRight: readonly Problem[]) {
  return ({ prompt }: { prompt: string }) => {
    const problem = problems.find((p) => prompt.includes(Object.keys(solutionOf(p))[0]!));
    if (problem === undefined) return 'no idea';
    const secondTry = prompt.includes(SECOND_TRY);
    const right = secondTry || firstRight.includes(problem);
    return reply(right ? referenceOf(problem) : solutionOf(problem));
  };
}

type Message = { role: string; content: string };
const readJsonl = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('passk run --task aider-polyglot-* against a local chat server', () => {
  it('Python: a failed first try gets the test output back and passes after attempt 2', async () => {
    const problems = await problemsOf('aider-polyglot-python', 2);
    const [right, fixed] = problems as [Problem, Problem];
    server = await serve({ text: scriptedModel(problems, [right]) });
    const out = await tempDir();
    const result = await runCli(args('aider-polyglot-python', server.baseUrl, out, 2));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'pass rate after attempt 1 = 0.5000 (1/2), after attempt 2 = 1.0000 (2/2)',
    );

    // three requests: both first turns, then the second try of the one that failed
    expect(server.requests).toHaveLength(3);
    const second = server.requests[2]!.body['messages'] as Message[];
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second[0]!.content).toContain(Object.keys(solutionOf(fixed))[0]);
    expect(second[1]!.content).toBe(reply(solutionOf(fixed)));
    // the feedback is the stub's unittest output, then Aider's instruction
    expect(second[2]!.content).toMatch(/^(FAIL|ERROR): test_/m);
    expect(second[2]!.content).toContain(SECOND_TRY);
    expect(second[2]!.content).not.toContain('/scratch/');

    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics['aider-polyglot-python']).toEqual({ 'pass@1': 1 });
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0.5, '2': 1 });
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['task_id'], r['status'], r['attempt'] ?? 1])).toEqual([
      [right.id, 'passed', 1],
      [fixed.id, 'passed', 2],
    ]);
    // both turns of the fixed sample stay in the journal, the second with the first's verdict
    const journal = await readJsonl(join(out, 'generations.journal.jsonl'));
    const turns = journal.filter((r) => r['problemId'] === fixed.id);
    expect(turns.map((r) => r['attempt'] ?? 1)).toEqual([1, 2]);
    expect((turns[1]!['previous'] as { status: string }).status).toBe('failed');
  });

  it('Go: the compiled track takes the second try too (compile and test output go back)', async () => {
    const problems = await problemsOf('aider-polyglot-go', 1);
    const [fixed] = problems as [Problem];
    server = await serve({ text: scriptedModel(problems, []) });
    const out = await tempDir();
    // the preflight's Go canaries are four more compiles; the Python test runs its own
    const result = await runCli([
      ...args('aider-polyglot-go', server.baseUrl, out, 1),
      '--skip-preflight',
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body['messages'] as Message[];
    expect(second[2]!.content).toContain('--- FAIL');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0, '2': 1 });
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['task_id'], r['status'], r['attempt']])).toEqual([
      [fixed.id, 'passed', 2],
    ]);
  });

  it("JavaScript: Jest's report goes back; without --max-new-tokens the task asks for 8192", async () => {
    const problems = await problemsOf('aider-polyglot-javascript', 1);
    const [fixed] = problems as [Problem];
    server = await serve({ text: scriptedModel(problems, []) });
    const out = await tempDir();
    const flags = args('aider-polyglot-javascript', server.baseUrl, out, 1);
    flags.splice(flags.indexOf('--max-new-tokens'), 2);
    const result = await runCli([...flags, '--skip-preflight']);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => r.body['max_tokens'])).toEqual([8192, 8192]);
    const second = server.requests[1]!.body['messages'] as Message[];
    // the stub's Jest failures: test names, the summary; no Jest internals' host paths
    expect(second[2]!.content).toMatch(/^ {2}● /m);
    expect(second[2]!.content).toContain(SECOND_TRY);
    expect(second[2]!.content).not.toContain('node_modules');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0, '2': 1 });
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['task_id'], r['status'], r['attempt']])).toEqual([
      [fixed.id, 'passed', 2],
    ]);
  });

  it('refuses to start without --allow-code-execution: the second try needs the tests run', async () => {
    server = await serve({ text: () => 'no idea' });
    const out = await tempDir();
    const flags = args('aider-polyglot-python', server.baseUrl, out, 1).filter(
      (a) => a !== '--allow-code-execution',
    );
    const result = await runCli([...flags, '--generation-only']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('runs each reply');
    expect(server.requests).toHaveLength(0);
  });
});
