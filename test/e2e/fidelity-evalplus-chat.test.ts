import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireTaskData } from '../helpers/data.js';
import { fakeServers } from '../helpers/toy-model.js';

const serve = fakeServers();
const fence = '```';

/**
 * `passk run --task humanevalplus --chat` asks what EvalPlus's codegen asks over the OpenAI API
 * and keeps of each reply what EvalPlus's sanitize keeps: the replies below carry top-level code
 * that fails (a wrong assert, a print of an undefined name) next to a right function. EvalPlus
 * drops that code, so both samples pass there; kept, both would fail.
 */
describe('humanevalplus --chat follows EvalPlus codegen (message and sanitize)', () => {
  it('sends its instruction and scores the sanitized replies: 2 of 2 pass', async () => {
    const task = await tasks.get('humanevalplus');
    const dataDir = requireTaskData(task);
    const loaded = await loadDataset(task.dataset, { dataDir, offline: true });
    const problems = task.problems(loaded.rows, loaded.file).slice(0, 2) as [Problem, Problem];
    const reply = (p: Problem, junk: string) =>
      `Sure, here is a self-contained script:\n\n${fence}python\n${p.reference!.trimEnd()}\n\n${junk}\n\nif __name__ == "__main__":\n    raise SystemExit(3)\n${fence}\n\nHope it helps!`;
    const replies = new Map([
      [
        problems[0].entryPoint!,
        reply(problems[0], `assert ${problems[0].entryPoint}([], 1.0) is None`),
      ],
      [problems[1].entryPoint!, reply(problems[1], 'print(undefined_name)')],
    ]);
    const asked: string[] = [];
    const server = await serve({
      text: ({ prompt }) => {
        asked.push(prompt);
        const name = [...replies.keys()].find((entry) => prompt.includes(`def ${entry}(`));
        return replies.get(name ?? '') ?? 'no idea';
      },
    });
    const out = await tempDir();
    const result = await runCli([
      ...['run', '--task', 'humanevalplus', '--model', 'openai-compatible', '--chat'],
      ...['--base-url', server.baseUrl, '--n-samples', '1', '--limit', '2'],
      ...['--allow-code-execution', '--data-dir', dataDir, '--output-dir', out, '--no-db'],
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.suites.base['pass@1']).toBe(1);
    expect(metrics.humanevalplus['pass@1']).toBe(1);
    expect(metrics.reference_differences).toContainEqual(
      expect.stringMatching(/^chat: EvalPlus's message and sanitize; .*--system-prompt/),
    );
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain(
      'Please provide a self-contained Python script that solves the following problem in a markdown code block:',
    );
    expect(asked[0]).toContain(`${fence}python\n${problems[0].datasetPrompt.trim()}\n${fence}`);
  }, 300_000);
});
