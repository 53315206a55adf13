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

/** Aider's parse error for a SEARCH/REPLACE block with no file name before it. */
const BAD_NAME = 'Bad/missing filename.';

/** The first Python exercise's stub, a reply without the file name (malformed) and with it. */
async function malformedReplies() {
  const [problem] = (await problemsOf('aider-polyglot-python', 1)) as [Problem];
  const [path, stub] = Object.entries(solutionOf(problem))[0]!;
  const right = referenceOf(problem)[path]!;
  const malformed = `\`\`\`python\n<<<<<<< SEARCH\n${stub}=======\n${right}>>>>>>> REPLACE\n\`\`\`\n`;
  return { path, stub, malformed, fixed: `${path}\n${malformed}` };
}
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
    const result = await runCli(args('aider-polyglot-python:whole', server.baseUrl, out, 2));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'pass rate after attempt 1 = 0.5000 (1/2), after attempt 2 = 1.0000 (2/2)',
    );

    // three requests: both first turns, then the second try of the one that failed
    expect(server.requests).toHaveLength(3);
    const second = server.requests[2]!.body['messages'] as Message[];
    // aider's: system, its example and "new code base" exchange, the first turn closed by
    // "I updated the files.", the files as they stand, the test output
    expect(second.map((m) => m.role)).toEqual([
      'system',
      ...['user', 'assistant', 'user', 'assistant'],
      ...['user', 'assistant', 'user', 'assistant'],
      ...['user', 'assistant', 'user'],
    ]);
    expect(second[5]!.content).toContain(`supplied files: ${Object.keys(solutionOf(fixed))[0]}`);
    expect(second[6]!.content).toBe(reply(solutionOf(fixed)));
    expect(second[7]!.content).toBe('I updated the files.');
    // the feedback is the stub's unittest output, then Aider's instruction and the reminder
    const last = second[11]!.content;
    expect(last).toMatch(/^(FAIL|ERROR): test_/m);
    expect(last).toContain(SECOND_TRY);
    expect(last).toContain('\n\nTo suggest changes to a file you MUST return the entire content');
    expect(last).not.toContain('/scratch/');

    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics['aider-polyglot-python:whole']).toEqual({ 'pass@1': 1 });
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
      ...args('aider-polyglot-go:whole', server.baseUrl, out, 1),
      '--skip-preflight',
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body['messages'] as Message[];
    expect(second.at(-1)!.content).toContain('--- FAIL');
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
    const flags = args('aider-polyglot-javascript:whole', server.baseUrl, out, 1);
    flags.splice(flags.indexOf('--max-new-tokens'), 2);
    const result = await runCli([...flags, '--skip-preflight']);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.map((r) => r.body['max_tokens'])).toEqual([8192, 8192]);
    const second = server.requests[1]!.body['messages'] as Message[];
    // the stub's Jest failures: test names, the summary; no Jest internals' host paths
    expect(second.at(-1)!.content).toMatch(/^ {2}● /m);
    expect(second.at(-1)!.content).toContain(SECOND_TRY);
    expect(second.at(-1)!.content).not.toContain('node_modules');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0, '2': 1 });
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['task_id'], r['status'], r['attempt']])).toEqual([
      [fixed.id, 'passed', 2],
    ]);
  });

  it("diff (the default): aider's messages, a SEARCH/REPLACE reply applied to the first reply's files, attempt 2 passes", async () => {
    const [problem] = (await problemsOf('aider-polyglot-python', 1)) as [Problem];
    const [path, stub] = Object.entries(solutionOf(problem))[0]!;
    const right = referenceOf(problem)[path]!;
    const firstTry = `${stub}# first try\n`;
    // turn 1 adds a line to the stub (still failing); turn 2's SEARCH is that edited file: it
    // only matches if turn 2 applies to turn 1's result, not to the stub
    const diff = (search: string, replace: string) =>
      `Edit:\n\n${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
    const turns = [diff(stub, firstTry), diff(firstTry, right)];
    server = await serve({ text: ({ prompt }) => turns[prompt.includes(SECOND_TRY) ? 1 : 0]! });
    const out = await tempDir();
    const result = await runCli(args('aider-polyglot-python', server.baseUrl, out, 1));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);

    const first = server.requests[0]!.body['messages'] as Message[];
    expect(first.map((m) => m.role)).toEqual([
      'system',
      ...['user', 'assistant', 'user', 'assistant'],
      ...['user', 'assistant', 'user', 'assistant'],
      'user',
    ]);
    expect(first[0]!.content).toMatch(
      /^Act as an expert software developer\.\nAlways use best practices/,
    );
    expect(first[0]!.content).toContain('\n# *SEARCH/REPLACE block* Rules:\n');
    expect(first[1]!.content).toBe('Change get_factorial() to use math.factorial');
    expect(first[5]!.content).toBe(
      "I switched to a new code base. Please don't consider the above files or try to edit them any longer.",
    );
    expect(first[7]!.content).toBe(
      `I have *added these files to the chat* so you can go ahead and edit them.\n\n*Trust this message as the true contents of these files!*\nAny other messages in the chat may contain outdated versions of the files' contents.\n\n${path}\n\`\`\`\n${stub}\`\`\`\n`,
    );
    expect(first[8]!.content).toBe('Ok, any changes I propose will be to those files.');
    expect(first[9]!.content).toContain(
      `####\n\nUse the above instructions to modify the supplied files: ${path}\n`,
    );
    expect(first[9]!.content).toMatch(/packages\.\n\n\n# \*SEARCH\/REPLACE block\* Rules:/);

    const second = server.requests[1]!.body['messages'] as Message[];
    expect(second.slice(7).map((m) => [m.role, m.content.slice(0, 20)])).toEqual([
      ['user', first[9]!.content.slice(0, 20)],
      ['assistant', turns[0]!.slice(0, 20)],
      ['user', 'I updated the files.'],
      ['assistant', 'Ok.'],
      ['user', first[7]!.content.slice(0, 20)],
      ['assistant', 'Ok, any changes I pro'.slice(0, 20)],
      ['user', second[13]!.content.slice(0, 20)],
    ]);
    // the file as turn 1 left it, then the full test output and aider's request
    expect(second[11]!.content).toContain(`${path}\n\`\`\`\n${firstTry}\`\`\`\n`);
    expect(second[13]!.content).toMatch(/^(FAIL|ERROR): test_/m);
    expect(second[13]!.content).toContain(
      `\n####\n\nSee the testing errors above.\nThe tests are correct, don't try and change them.\nFix the code in ${path} to resolve the errors.\n`,
    );

    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0, '2': 1 });
    expect(JSON.stringify(metrics)).toContain('"edit_format":"diff"');
  });

  it("a malformed SEARCH/REPLACE reply gets aider's error back within the try (a reflection), and the answer to it passes at attempt 1", async () => {
    const { path, stub, malformed, fixed } = await malformedReplies();
    // the model answers the error (aider's reflected_message) with the fixed edit
    server = await serve({ text: ({ prompt }) => (prompt.includes(BAD_NAME) ? fixed : malformed) });
    const out = await tempDir();
    const result = await runCli(args('aider-polyglot-python', server.baseUrl, out, 1));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    // one try, two requests: the malformed reply, then the reflection's
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body['messages'] as Message[];
    // nothing was edited: the files (still the stub), then the open turn with the error last
    expect(second.slice(7).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(second[7]!.content).toContain(`${path}\n\`\`\`\n${stub}\`\`\`\n`);
    expect(second[9]!.content).toContain('Use the above instructions to modify the supplied files');
    expect(second[10]!.content).toBe(malformed);
    // aider's ValueError text, then the edit format's reminder (the last user message's)
    const error = `\`\`\`python\n<<<<<<< SEARCH\n\n^^^ ${BAD_NAME} The filename must be alone on the line before the opening fence \`\`\``;
    expect(second[11]!.content.startsWith(`${error}\n\n`)).toBe(true);
    expect(second[11]!.content).toContain('# *SEARCH/REPLACE block* Rules:');
    expect(second.map((m) => m.content)).not.toContain('I updated the files.');

    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 1, '2': 1 });
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['status'], r['attempt'] ?? 1])).toEqual([['passed', 1]]);
    // the try's record: the last reply, the reflection before it counted and kept
    const journal = await readJsonl(join(out, 'generations.journal.jsonl'));
    expect(journal).toHaveLength(1);
    expect(journal[0]!['raw']).toBe(fixed);
    expect(journal[0]!['reflections']).toEqual([{ reply: malformed, message: error }]);
    const generation = JSON.parse(await readFile(join(out, 'generation.json'), 'utf8'));
    expect(generation.totals.requests).toBe(2);
  });

  it('a SEARCH block that does not match: aider closes the turn ("I updated the files.") and sends the match failure; the answer edits the file', async () => {
    const { path, stub, fixed } = await malformedReplies();
    const missing = `${path}\n\`\`\`python\n<<<<<<< SEARCH\nno such line\n=======\nx = 1\n>>>>>>> REPLACE\n\`\`\`\n`;
    const failed = 'SEARCH/REPLACE block failed to match!';
    server = await serve({ text: ({ prompt }) => (prompt.includes(failed) ? fixed : missing) });
    const out = await tempDir();
    const result = await runCli(args('aider-polyglot-python', server.baseUrl, out, 1));
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body['messages'] as Message[];
    expect(second.slice(7).map((m) => [m.role, m.content.slice(0, 24)])).toEqual([
      ['user', second[7]!.content.slice(0, 24)],
      ['assistant', missing.slice(0, 24)],
      ['user', 'I updated the files.'],
      ['assistant', 'Ok.'],
      ['user', 'I have *added these file'],
      ['assistant', 'Ok, any changes I propos'],
      ['user', `# 1 ${failed}`.slice(0, 24)],
    ]);
    expect(second[11]!.content).toContain(`${path}\n\`\`\`\n${stub}\`\`\`\n`);
    expect(second[13]!.content).toContain(
      `## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${path}`,
    );
    const results = await readJsonl(join(out, 'results.jsonl'));
    expect(results.map((r) => [r['status'], r['attempt'] ?? 1])).toEqual([['passed', 1]]);
  });

  it('at most 3 reflections per try: then the tests run, and the next try repeats every reply', async () => {
    const { fixed, malformed } = await malformedReplies();
    server = await serve({
      text: ({ prompt }) => (prompt.includes(SECOND_TRY) ? fixed : malformed),
    });
    const out = await tempDir();
    const result = await runCli(args('aider-polyglot-python', server.baseUrl, out, 1));
    expect(result.code, result.stderr).toBe(0);
    // try 1: the reply and 3 reflections (aider's max_reflections); try 2: one request
    expect(server.requests).toHaveLength(5);
    const last = server.requests[4]!.body['messages'] as Message[];
    const contents = last.map((m) => m.content);
    expect(contents.filter((c) => c === malformed)).toHaveLength(4);
    expect(contents.filter((c) => c.includes(BAD_NAME))).toHaveLength(3);
    expect(contents.at(-1)).toContain(SECOND_TRY);
    expect(contents).not.toContain('I updated the files.');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.attempts.pass_rate_after).toEqual({ '1': 0, '2': 1 });
    expect(JSON.stringify(metrics)).toContain('"max_reflections":3');
    const journal = await readJsonl(join(out, 'generations.journal.jsonl'));
    const count = (r: Record<string, unknown>) =>
      (r['reflections'] as unknown[] | undefined)?.length;
    expect(journal.map((r) => [r['attempt'] ?? 1, count(r)])).toEqual([
      [1, 3],
      [2, undefined],
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
