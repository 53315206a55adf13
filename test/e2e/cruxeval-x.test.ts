/**
 * CRUXEval-X end to end: the answer a local OpenAI-protocol server gives fills the row's assertion
 * and the row's program runs in its language's real runtime; the true answer passes, a wrong one
 * fails, in completion and chat mode.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';
import type { FakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

const dataDir = requireData();
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function promptsOf(name: string): Promise<Map<string, Problem>> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return new Map(task.problems(loaded.rows, loaded.file).map((p) => [p.prompt, p]));
}

/** Runs `name` on 2 problems, 2 samples each: sample 0 answers the truth, sample 1 `wrong`. */
async function runHalfRight(name: string, wrong: string, chat: boolean) {
  const byPrompt = await promptsOf(name);
  server = await serve({
    text: ({ prompt, choice }) => {
      const answer = choice === 0 ? String(byPrompt.get(prompt)?.reference) : wrong;
      return chat
        ? `Let me see.\n[ANSWER]\n${answer}\n[/ANSWER]\nDone.`
        : ` ${answer}\n[/ANSWER]\n`;
    },
  });
  const out = await tempDir();
  const result = await runCli([
    'run',
    ...['--task', name, '--allow-code-execution', '--data-dir', dataDir, '--output-dir', out],
    ...['--no-db', '--model', 'openai-compatible', '--base-url', server.baseUrl],
    ...['--limit', '2', '--n-samples', '2', '--k', '1', ...(chat ? ['--chat'] : [])],
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code).toBe(0);
  return JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
}

describe('cruxeval-x', () => {
  it.each([
    ['cruxeval-x-python-output', "'wrong'", false],
    ['cruxeval-x-python-input', "'wrong'", true],
    ['cruxeval-x-lua-output', "'wrong'", false],
    ['cruxeval-x-cpp-output', '(std::vector<long>())', false],
    ['cruxeval-x-java-input', '(String)"wrong"', true],
  ] as const)(
    '%s: the true answer passes, %s fails',
    async (name, wrong, chat) => {
      const metrics = await runHalfRight(name, wrong, chat);
      expect(metrics[name]).toEqual({ 'pass@1': 0.5 });
    },
    240_000,
  );
});
