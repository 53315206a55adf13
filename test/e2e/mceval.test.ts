/**
 * McEval C end to end: references through the real sandbox (the tests compiled apart from the
 * candidate), and chat replies extracted as McEval does, right or wrong by choice.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import type { Problem } from '../../src/tasks/types.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';
import type { FakeOpenAIServer, TextContext } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

const dataDir = requireData();
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function problemsOf(name: string): Promise<Problem[]> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  return task.problems(loaded.rows, loaded.file);
}

async function run(name: string, extra: string[]) {
  const out = await tempDir();
  const result = await runCli([
    'run',
    '--task',
    name,
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--output-dir',
    out,
    '--no-db',
    ...extra,
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code).toBe(0);
  return JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
}

async function runAgainst(
  name: string,
  answer: (problem: Problem, context: TextContext) => string,
  extra: string[],
) {
  const problems = await problemsOf(name);
  const byPrompt = new Map<string, Problem>();
  const task = await tasks.get(name);
  for (const p of problems) {
    byPrompt.set(p.prompt, p);
    byPrompt.set(task.instructionPrompt?.(p) ?? '', p);
  }
  server = await serve({
    text: (context) => {
      const problem = byPrompt.get(context.prompt);
      return problem === undefined ? 'unknown prompt' : answer(problem, context);
    },
  });
  return run(name, [
    '--model',
    'openai-compatible',
    '--base-url',
    server.baseUrl,
    '--max-new-tokens',
    '400',
    ...extra,
  ]);
}

describe('mceval-c', () => {
  // C/31–C/40: C/35 compares string literals by address across the two translation units.
  it('reference solutions pass with the tests in their own translation unit', async () => {
    const metrics = await run('mceval-c', [
      '--model',
      'reference',
      '--limit-start',
      '30',
      '--limit',
      '10',
    ]);
    expect(metrics.statuses).toEqual({ passed: 10 });
  });

  it("chat: McEval's extraction (fenced code, its includes hoisted, its own main dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-c',
      (p, { choice }) => {
        const code = choice === 0 ? String(p.reference) : `${p.datasetPrompt}\n{ return 0; }`;
        return `Here it is:\n\`\`\`c\n#include <stdio.h>\n${code}\nint main() {\n    printf("hi");\n    return 0;\n}\n\`\`\`\n`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-c']).toEqual({ 'pass@1': 0.5 });
  });
});

describe('mceval-tcl', () => {
  it('reference solutions pass under tclsh with the guard on', async () => {
    const metrics = await run('mceval-tcl', ['--model', 'reference', '--limit', '5']);
    expect(metrics.statuses).toEqual({ passed: 5 });
  });

  it("chat: McEval's Tcl extraction (the entry point's proc from a fence, puts lines dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-tcl',
      (p, { choice }) => {
        const right = String(p.reference).replace('{\n', '{\nputs "debug"\n');
        const wrong = `${p.datasetPrompt}\nreturn 0\n}`;
        return `Sure:\n\`\`\`tcl\n${choice === 0 ? right : wrong}\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-tcl']).toEqual({ 'pass@1': 0.5 });
  });
});
