/**
 * HumanEvalPack explain end to end, both steps through `passk run --model openai-compatible`
 * against a local OpenAI-protocol server: the describe run saves descriptions (nothing runs),
 * and the synthesize run builds its prompts from that run directory.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../src/datasets/index.js';
import { loadProblems } from '../../src/pipeline/problems.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const dataDir = sharedDataDir();
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const row = (p: Problem) => p.meta['row'] as { canonical_solution: string; entry_point: string };

async function describeProblems(): Promise<Problem[]> {
  const task = await tasks.get('humanevalexplaindescribe-python');
  return (await loadProblems(task, { dataDir, offline: true }, { limit: 2 })).problems;
}

const runArgs = (task: string, out: string, extra: string[]) => [
  'run',
  '--task',
  task,
  '--model',
  'openai-compatible',
  '--base-url',
  server!.baseUrl,
  '--data-dir',
  dataDir,
  '--limit',
  '2',
  '--n-samples',
  '1',
  '--k',
  '1',
  '--output-dir',
  out,
  '--no-db',
  ...extra,
];

describe('humanevalexplaindescribe then humanevalexplainsynthesize', () => {
  it('describes, then writes code from the saved descriptions and scores it', async () => {
    const problems = await describeProblems();
    const byPrompt = new Map(problems.map((p) => [p.prompt, p]));
    // Step 1: a description that quotes a long canonical line (removed by the cut).
    server = await startFakeOpenAIServer({
      text: ({ prompt }) => {
        const p = byPrompt.get(prompt);
        if (p === undefined) return 'unknown prompt';
        const lines = row(p).canonical_solution.split('\n');
        const quoted = lines.map((l) => l.trim()).find((l) => l.length > 20)!;
        return `Describes ${row(p).entry_point}: ${quoted}`;
      },
    });
    const described = await tempDir();
    const step1 = await runCli(runArgs('humanevalexplaindescribe-python', described, []));
    expect(step1.stderr).not.toContain('internal error');
    expect(step1.code).toBe(0);
    expect(step1.stdout).toContain(
      `passk run --task humanevalexplainsynthesize-python --descriptions ${described}`,
    );
    expect(existsSync(join(described, 'metrics.json'))).toBe(false);
    await server.close();

    // Step 2: right code for the first problem's description, wrong for the second's.
    server = await startFakeOpenAIServer({
      text: ({ prompt }) => {
        const p = problems.find((q) => prompt.startsWith(`Describes ${row(q).entry_point}:`));
        if (p === undefined) return 'unknown prompt';
        return p === problems[0] ? `\n${row(p).canonical_solution}` : '\n    return None\n';
      },
    });
    const synthesized = await tempDir();
    const step2 = await runCli(
      runArgs('humanevalexplainsynthesize-python', synthesized, [
        '--descriptions',
        described,
        '--allow-code-execution',
      ]),
    );
    expect(step2.stderr).not.toContain('internal error');
    expect(step2.code).toBe(0);
    // The prompts carry step 1's descriptions, cut as bigcode cuts them.
    const prompts = server.requests.map((r) => String(r.body['prompt'])).sort();
    expect(prompts).toHaveLength(2);
    for (const [i, p] of problems.entries()) {
      expect(prompts[i]).toMatch(new RegExp(`^Describes ${row(p).entry_point}: ?\\n`));
      expect(prompts[i]).toContain('Write functional code in Python according to the description.');
    }
    const metrics = JSON.parse(await readFile(join(synthesized, 'metrics.json'), 'utf8'));
    expect(metrics['humanevalexplainsynthesize-python']).toEqual({ 'pass@1': 0.5 });
    expect(metrics.config.task_input).toBe(described);
    expect(metrics.config.load_data_path).toBe(described);
  });

  it('evaluating the describe step, or synthesize without descriptions, is a one-line error', async () => {
    const out = await tempDir();
    const referenceRun = (task: string) =>
      runCli([
        'run',
        '--task',
        task,
        '--model',
        'reference',
        '--allow-code-execution',
        '--data-dir',
        dataDir,
        '--output-dir',
        out,
        '--no-db',
      ]);
    const describeEval = await referenceRun('humanevalexplaindescribe-python');
    expect(describeEval.code).not.toBe(0);
    expect(describeEval.stderr).toContain('cannot be evaluated');
    expect(describeEval.stderr).not.toContain('    at ');
    const noInput = await referenceRun('humanevalexplainsynthesize-python');
    expect(noInput.code).not.toBe(0);
    expect(noInput.stderr).toContain('needs --descriptions');
  });
});
