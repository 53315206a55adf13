import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generate } from '../../src/generation/generate.js';
import { resolveSampling } from '../../src/generation/sampling.js';
import { createOpenAICompatibleBackend } from '../../src/models/openai/backend.js';
import { evaluate } from '../../src/pipeline/evaluate.js';
import { loadProblems } from '../../src/pipeline/problems.js';
import { humaneval } from '../../src/tasks/humaneval/task.js';
import { requireTaskData } from '../helpers/data.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

it('generated HumanEval samples go through execution to the pass@k they deserve', async () => {
  const { problems } = await loadProblems(
    humaneval,
    { dataDir: requireTaskData(humaneval) },
    { limit: 4 },
  );
  const solutions = new Map(problems.map((p) => [p.prompt, p.reference!.slice(p.prompt.length)]));
  // choices 0 and 1 answer with the canonical solution, 2..4 with a wrong body; all of them
  // ramble on past a stop sequence, which the stream must cut
  const server = await startFakeOpenAIServer({
    honourStop: false,
    text: ({ prompt, choice }) =>
      `${choice < 2 ? solutions.get(prompt) : '    return None\n'}\n\ndef unrelated():\n    raise SystemExit(1)\n`,
  });
  const runDir = await mkdtemp(join(tmpdir(), 'passk-he-'));
  dirs.push(runDir);
  try {
    const generated = await generate({
      task: humaneval,
      problems,
      backend: createOpenAICompatibleBackend({ baseUrls: [server.baseUrl], model: 'fake' }),
      sampling: resolveSampling('pass@1', { nSamples: 5, maxNewTokens: 512 }),
      runDir,
    });
    expect(generated.complete).toBe(true);
    const { metrics } = await evaluate({
      task: humaneval,
      limit: 4,
      candidates: { kind: 'records', records: generated.records },
      allowCodeExecution: true,
      dataset: { dataDir: requireTaskData(humaneval) },
      k: [1],
    });
    expect(metrics['humaneval']).toEqual({ 'pass@1': 0.4 });
    expect(metrics.samples).toBe(20);
  } finally {
    await server.close();
  }
});
