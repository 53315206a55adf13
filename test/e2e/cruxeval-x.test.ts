/**
 * CRUXEval-X end to end: the answer a local OpenAI-protocol server gives fills the row's assertion
 * and the row's program runs in its language's real runtime; the true answer passes, a wrong one
 * fails, in completion and chat mode.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { type Question, questionText } from '../../src/tasks/cruxeval-x/question.js';
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

/** The reference answer of the problem whose question a prompt (or chat conversation) ends with. */
async function answerKey(name: string): Promise<(prompt: string) => string | undefined> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  const problems = task.problems(loaded.rows, loaded.file) as Problem<{ question: Question }>[];
  return (prompt) => {
    const body = prompt.trimEnd().replace(/\n```$/, '');
    return problems.find((p) => body.endsWith(questionText(p.meta.question)))?.reference;
  };
}

/** Runs `name` on 2 problems, 2 samples each: sample 0 answers the truth, sample 1 `wrong`. */
async function runHalfRight(name: string, wrong: string, chat: boolean) {
  const truth = await answerKey(name);
  server = await serve({
    text: ({ prompt, choice }) => {
      const answer = choice === 0 ? String(truth(prompt)) : wrong;
      return chat
        ? `Let me see.\n[ANSWER]\n${answer}\n[/ANSWER]\nDone.`
        : `[ANSWER]\n${answer}\n[/ANSWER]\n`;
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
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
}

describe('cruxeval-x', () => {
  it.each([
    ['cruxeval-x-python-output', "'wrong'", false],
    ['cruxeval-x-python-input', "candidate('wrong')", true],
    ['cruxeval-x-lua-output', "'wrong'", false],
    ['cruxeval-x-cpp-output', '(std::vector<long>())', false],
    ['cruxeval-x-java-input', 'f((String)"wrong")', true],
  ] as const)(
    '%s: the true answer passes, %s fails',
    async (name, wrong, chat) => {
      const metrics = await runHalfRight(name, wrong, chat);
      expect(metrics[name]).toEqual({ 'pass@1': 0.5 });
    },
    240_000,
  );
});
