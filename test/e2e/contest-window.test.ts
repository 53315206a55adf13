import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../src/datasets/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const dataDir = sharedDataDir();
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Our own solutions to three of the contest problems (the data has no reference solutions). */
const RIGHT: Record<string, string> = {
  // weekly-contest-381, 2024-01-21
  minimumPushes: 'return sum(i // 8 + 1 for i in range(len(word)))',
  // biweekly-contest-122, 2024-01-20
  minimumCost: 'return nums[0] + sum(sorted(nums[1:])[:2])',
  // weekly-contest-380, 2024-01-14
  maxFrequencyElements:
    'c = Counter(nums)\n        top = max(c.values())\n        return sum(v for v in c.values() if v == top)',
};

/**
 * A chat model answering in DeepSeek's format (one fenced block with the Solution class): right
 * for the three problems above, a wrong constant for every other.
 */
function contestModel({ prompt }: { prompt: string }): string {
  const signature = /def (\w+)\(self[^\n]*/.exec(prompt);
  const name = signature?.[1] ?? 'unknown';
  const body = RIGHT[name] ?? 'return 0';
  return `Here is my solution.\n\`\`\`python\nclass Solution:\n    ${signature?.[0]}\n        ${body}\n\`\`\`\n`;
}

const runArgs = (baseUrl: string, out: string, window: string[]) => [
  'run',
  '--task',
  'leetcode-contest',
  '--model',
  'openai-compatible',
  '--base-url',
  baseUrl,
  '--chat',
  '--n-samples',
  '1',
  '--limit',
  '12',
  '--allow-code-execution',
  '--data-dir',
  dataDir,
  '--output-dir',
  out,
  '--no-db',
  ...window,
];

const askedFor = (s: FakeOpenAIServer) =>
  s.requests.map((r) => /def (\w+)\(self/.exec(JSON.stringify(r.body))?.[1]);

describe('leetcode-contest with a release-date window, through an OpenAI-compatible server', () => {
  it('generates for and scores only the problems inside --since, and lists the rest', async () => {
    server = await startFakeOpenAIServer({ text: contestModel });
    const out = await tempDir();
    const result = await runCli(runArgs(server.baseUrl, out, ['--since', '2024-01-15']));
    expect(result.stderr).not.toContain('error');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      '4 problems published outside the date window (2024-01-15 to …) are left out of the score',
    );
    // The first 12 problems: 8 from Jan 20–21, 4 from Jan 14 (left out).
    const asked = askedFor(server);
    expect(asked).toHaveLength(8);
    expect(asked).toContain('minimumPushes');
    expect(asked).not.toContain('maxFrequencyElements');
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.problems).toBe(8);
    expect(metrics.date_window).toMatchObject({
      since: '2024-01-15',
      until: null,
      model_cutoff: null,
      included: 8,
    });
    expect(metrics.date_window.excluded).toHaveLength(4);
    expect(metrics.date_window.excluded).toContain(
      'weekly-contest-380-count-elements-with-maximum-frequency',
    );
    expect(metrics.config.date_window).toEqual({
      since: '2024-01-15',
      until: null,
      model_cutoff: null,
    });
    // Right for two of the eight (our solutions), the constant fails the rest.
    expect(metrics['leetcode-contest']['pass@1']).toBeCloseTo(2 / 8);
    expect(metrics.per_month).toEqual({ '2024-01': { problems: 8, 'pass@1': 0.25 } });
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const status = Object.fromEntries(results.map((r) => [r.task_id, r.status]));
    expect(status['weekly-contest-381-minimum-number-of-pushes-to-type-word-i']).toBe('passed');
    expect(status['biweekly-contest-122-divide-an-array-into-subarrays-with-minimum-cost-i']).toBe(
      'passed',
    );
    expect(status['weekly-contest-381-minimum-number-of-pushes-to-type-word-ii']).toBe('failed');
    const run = JSON.parse(await readFile(join(out, 'run.json'), 'utf8'));
    expect(run.config).toMatchObject({ since: '2024-01-15', until: null, modelCutoff: null });
    // The HTML report shows the window, what it left out and pass@1 per month.
    const html = join(out, 'report.html');
    expect((await runCli(['report', out, '--output', html, '--data-dir', dataDir])).code).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('Window: 2024-01-15 to …; 8 problems scored, 4 left out.');
    expect(page).toContain('weekly-contest-380-count-elements-with-maximum-frequency');
    expect(page).toContain('<td class="mono">2024-01</td><td>8</td><td>25.0%</td>');
  });

  it('--model-cutoff keeps problems from the day after it; --until bounds the end', async () => {
    server = await startFakeOpenAIServer({ text: contestModel });
    const out = await tempDir();
    const window = ['--model-cutoff', '2024-01-13', '--until', '2024-01-14'];
    const result = await runCli(runArgs(server.baseUrl, out, window));
    expect(result.code, result.stderr).toBe(0);
    expect(askedFor(server)).toHaveLength(4);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.date_window).toMatchObject({
      model_cutoff: '2024-01-13',
      effective_since: '2024-01-14',
      until: '2024-01-14',
      included: 4,
    });
    expect(metrics.date_window.excluded).toHaveLength(8);
    expect(metrics['leetcode-contest']['pass@1']).toBeCloseTo(1 / 4);
  });

  it('evaluate: a generations file covering more than the window is matched, then cut to it', async () => {
    const dir = await tempDir();
    // bigcode layout, one list per problem of --limit 12, matched by position: only position 8
    // (Jan 14, inside --until) is right, so a misaligned read scores 0.
    const solution = (name: string, args: string) =>
      `class Solution:\n    def ${name}(self, ${args}):\n        ${RIGHT[name]}\n`;
    const lists = Array.from({ length: 12 }, () => ['class Solution:\n    pass\n']);
    lists[0] = [solution('minimumPushes', 'word')];
    lists[8] = [solution('maxFrequencyElements', 'nums')];
    const file = join(dir, 'generations.json');
    await writeFile(file, JSON.stringify(lists));
    const result = await runCli([
      ...['evaluate', '--task', 'leetcode-contest', '--generations', file, '--limit', '12'],
      ...['--until', '2024-01-14', '--allow-code-execution', '--data-dir', dataDir],
      ...['--output-dir', join(dir, 'out'), '--no-db'],
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(dir, 'out', 'metrics.json'), 'utf8'));
    expect(metrics.problems).toBe(4);
    expect(metrics['leetcode-contest']['pass@1']).toBeCloseTo(1 / 4);
    expect(metrics.date_window.excluded).toContain(
      'weekly-contest-381-minimum-number-of-pushes-to-type-word-i',
    );
  });

  it('completion models continue the Solution stub (cut at the stop sequences)', async () => {
    // The body, then more code after a top-level stop sequence that must be cut away.
    server = await startFakeOpenAIServer({
      honourStop: false,
      text: ({ prompt }) => {
        const name = /def (\w+)\(self/.exec(prompt)?.[1] ?? '';
        return `${RIGHT[name] ?? 'return 0'}\n\nprint(undefined_name)\n`;
      },
    });
    const out = await tempDir();
    const args = runArgs(server.baseUrl, out, ['--until', '2024-01-20', '--limit-start', '4']);
    const result = await runCli(args.filter((a) => a !== '--chat'));
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    // Problems 4–15 up to Jan 20: 4–7 (Jan 20) and 8–11 (Jan 14), 12–15 (Jan 7); right for two.
    expect(metrics.problems).toBe(12);
    expect(metrics['leetcode-contest']['pass@1']).toBeCloseTo(2 / 12);
  });

  it('refuses a window on a task whose problems carry no date', async () => {
    const out = await tempDir();
    const result = await runCli([
      ...['run', '--task', 'humaneval', '--model', 'reference', '--allow-code-execution'],
      ...['--data-dir', dataDir, '--output-dir', out, '--no-db', '--since', '2024-01-01'],
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("task 'humaneval' has no release dates");
  });

  it('says there is no reference solution rather than scoring 0%', async () => {
    const out = await tempDir();
    const result = await runCli([
      ...['run', '--task', 'leetcode-contest', '--model', 'reference', '--allow-code-execution'],
      ...['--data-dir', dataDir, '--output-dir', out, '--no-db'],
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("task 'leetcode-contest' has no reference solution");
  });
});
