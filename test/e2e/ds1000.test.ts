/**
 * DS-1000 end to end: `passk run --task ds1000…` against a local OpenAI-protocol server, the
 * answers judged by upstream's code_context harness in the real sandbox. On a stdlib-only file in
 * DS-1000's format (test/fixtures/ds-stdlib-mini.jsonl) for completion, insertion and chat.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset, sharedDataDir } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import type { ReceivedRequest, TextContext } from '../helpers/fake-openai-server.js';
import { toyServers } from '../helpers/toy-model.js';

const fixture = join(repoRoot, 'test', 'fixtures', 'ds-stdlib-mini.jsonl');
const serve = toyServers();

/** The fixture's right answers, by a phrase of each prompt. */
const RIGHT: [string, string][] = [
  ['increasing order', 'result = sorted(data)\n'],
  ['add up the numbers', '    result = sum(xs)\n    return result\n'],
  ['opposite order', 'result = list(reversed(data))\n'],
  ['notes.txt', "with open('notes.txt', 'w') as h:\n    h.write('a\\nb\\n')\n"],
];

/** Right for every problem but the `reversed` one, answered without `reversed` (test_string fails). */
function answerOf(prompt: string): string {
  if (prompt.includes('opposite order')) return 'result = data[::-1]\n';
  return RIGHT.find(([phrase]) => prompt.includes(phrase))?.[1] ?? 'result = None\n';
}

/** A completion model: the answer, then what DS-1000 prompts invite after it. */
const completion = ({ prompt, chat }: TextContext) => {
  const answer = answerOf(prompt);
  if (chat) return `Here you go:\n\n\`\`\`python\n${answer}\`\`\`\n\nThis works because …`;
  const closing = prompt.includes('# SOLUTION START')
    ? '# SOLUTION END\n'
    : '</code>\nEND SOLUTION\n';
  return `${answer}${closing}<code>\nprint(result)\n</code>\n`;
};

const args = (task: string, baseUrl: string, out: string, extra: string[] = []) => [
  'run',
  '--task',
  task,
  '--dataset-path',
  fixture,
  '--model',
  'openai-compatible',
  '--base-url',
  baseUrl,
  '--n-samples',
  '1',
  '--allow-code-execution',
  '--output-dir',
  out,
  '--no-db',
  ...extra,
];

// biome-ignore lint/suspicious/noExplicitAny: metrics.json, checked field by field
const readMetrics = async (dir: string): Promise<any> =>
  JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8'));

const stopsOf = (requests: readonly ReceivedRequest[]) => requests.map((r) => r.body['stop']);

describe('passk run --task ds1000 against a local OpenAI-protocol server', () => {
  it('completion: stops at </code>, judges by the harness, reports pass@1 per library', async () => {
    const server = await serve({ text: completion });
    const out = await tempDir();
    const run = await runCli(args('ds1000', server.baseUrl, out));
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics.ds1000).toEqual({ 'pass@1': 0.75 });
    expect(metrics.per_problem.map((p: { c: number }) => p.c)).toEqual([1, 1, 0, 1]);
    expect(metrics.breakdown).toEqual({
      by: 'library',
      groups: {
        Pandas: { problems: 1, samples: 1, 'pass@1': 1 },
        Numpy: { problems: 2, samples: 2, 'pass@1': 0.5 },
        Matplotlib: { problems: 1, samples: 1, 'pass@1': 1 },
      },
    });
    expect(run.stdout).toContain('library Numpy (2 problems): pass@1 = 0.5000');
    expect(new Set(stopsOf(server.requests).map((s) => JSON.stringify(s)))).toEqual(
      new Set([JSON.stringify(['</code>', '# SOLUTION END'])]),
    );
  });

  it('insertion: sends prefix and suffix in the FIM layout, Matplotlib left out', async () => {
    const server = await serve({ text: completion });
    const out = await tempDir();
    const run = await runCli(
      args('ds1000-insertion', server.baseUrl, out, ['--fim-format', 'codellama']),
    );
    expect(run.code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics['ds1000-insertion:codellama']).toEqual({ 'pass@1': 2 / 3 });
    const prompts = server.requests.map((r) => String(r.body['prompt']));
    expect(prompts).toHaveLength(3);
    for (const prompt of prompts) expect(prompt).toMatch(/^<PRE> [\s\S]* <SUF>\n[\s\S]* <MID>$/);
  });

  it('chat: sends the dataset prompt, takes the fenced code', async () => {
    const server = await serve({ text: completion });
    const out = await tempDir();
    const run = await runCli(args('ds1000-numpy', server.baseUrl, out, ['--chat']));
    expect(run.code).toBe(0);
    const metrics = await readMetrics(out);
    expect(metrics['ds1000-numpy']).toEqual({ 'pass@1': 0.5 });
    const sent = server.requests.map(
      (r) => (r.body['messages'] as { content: string }[])[0]!.content,
    );
    expect(sent[0]).toMatch(/^Problem:\nHow do I add up the numbers/);
  });
});

/** The real data: the first Pandas and Numpy problems, needing the libraries (setup.sh --test). */
describe('passk run --task ds1000-pandas / ds1000-numpy on the real data', () => {
  it.each(['ds1000-pandas', 'ds1000-numpy'])(
    '%s: references pass, a wrong answer fails',
    async (name) => {
      const task = await tasks.get(name);
      const loaded = await loadDataset(task.dataset, { dataDir: sharedDataDir(), offline: true });
      const [right, wrong] = task.problems(loaded.rows, loaded.file);
      const server = await serve({
        text: ({ prompt }) =>
          prompt === right!.prompt
            ? `${right!.reference}</code>\nEND SOLUTION`
            : 'result = None\n</code>',
      });
      const out = await tempDir();
      const run = await runCli([
        ...args(name, server.baseUrl, out, ['--limit', '2']).filter(
          (a) => a !== '--dataset-path' && a !== fixture,
        ),
        '--data-dir',
        sharedDataDir(),
      ]);
      expect(run.stderr).not.toContain('internal error');
      expect(run.code).toBe(0);
      const results = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
      expect(results.map((line) => JSON.parse(line).status)).toEqual(['passed', 'failed']);
      expect(wrong).toBeDefined();
      const metrics = await readMetrics(out);
      expect(metrics.environment.python.source).toBe('debian');
    },
    240_000,
  );
});
