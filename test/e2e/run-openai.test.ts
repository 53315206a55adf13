import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../src/generation/journal.js';
import { cliEntry, repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import type { FakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');
const serve = fakeServers();
let server: FakeOpenAIServer | undefined;

const runArgs = (baseUrl: string, out: string) => [
  'run',
  '--task',
  'humaneval',
  '--model',
  'openai-compatible',
  '--base-url',
  baseUrl,
  '--n-samples',
  '5',
  '--limit',
  '6',
  '--allow-code-execution',
  '--data-dir',
  dataDir,
  '--output-dir',
  out,
  '--no-db',
];

async function journal(
  dir: string,
): Promise<{ problemId: string; sample: number; program: string }[]> {
  const text = await readFile(join(dir, JOURNAL_FILE), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line));
}

describe('passk run --model openai-compatible against a local OpenAI-protocol server', () => {
  it('generates, evaluates and writes generations, results and metrics', async () => {
    server = await serve();
    const out = await tempDir();
    const result = await runCli(runArgs(server.baseUrl, out));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.problems).toBe(6);
    expect(metrics.samples).toBe(30);
    // The fake model returns a tag string, which fails every HumanEval check: a real 0.
    expect(metrics.humaneval['pass@1']).toBe(0);
    expect(metrics.generation.provenance.backend).toBe('openai-compatible');
    expect((await journal(out)).length).toBe(30);
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
    expect(results).toHaveLength(30);
    expect(result.stdout).toContain('generated: 30 samples');
  });

  it('resumes exactly after SIGKILL: keeps every finished sample, duplicates none', async () => {
    let killed = false;
    server = await serve({
      pieceDelayMs: 20,
      // After a few answers every request hangs until the kill, so the run cannot finish first.
      fault: ({ index }) => (index >= 3 && !killed ? { kind: 'hang' } : undefined),
    });
    const out = await tempDir();
    const child = spawn(process.execPath, [...cliEntry(), ...runArgs(server.baseUrl, out)], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    while ((await journal(out)).length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    killed = true;
    const before = await journal(out);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(30);

    const resumed = await runCli(['run', '--resume', out, '--allow-code-execution']);
    expect(resumed.stderr).not.toContain('internal error');
    expect(resumed.code).toBe(0);
    const after = await journal(out);
    const keys = after.map((r) => `${r.problemId}#${r.sample}`);
    expect(new Set(keys).size).toBe(30);
    expect(keys).toHaveLength(30);
    // What was on disk before the kill is still there, unchanged and first.
    expect(after.slice(0, before.length)).toEqual(before);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.samples).toBe(30);
  });
});
