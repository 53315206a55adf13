import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

function reference(out: string, limit: number, ...extra: string[]): string[] {
  return [
    'run',
    '--task',
    'humaneval',
    '--model',
    'reference',
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--limit',
    String(limit),
    '--no-db',
    '--output-dir',
    out,
    ...extra,
  ];
}

async function problemsIn(dir: string): Promise<number> {
  const metrics = JSON.parse(await readFile(join(dir, 'metrics.json'), 'utf8'));
  return metrics.problems as number;
}

describe('a finished run is never replaced by accident', () => {
  it('refuses run/evaluate into a finished run unless --overwrite, in one line', async () => {
    const out = await tempDir();
    expect((await runCli(reference(out, 3))).code).toBe(0);
    expect(await problemsIn(out)).toBe(3);

    const again = await runCli(reference(out, 2));
    expect(again.code).toBe(2);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toContain('--overwrite');
    expect(again.stderr).toContain('--output-dir');
    expect(await problemsIn(out)).toBe(3);

    const evaluate = await runCli([
      'evaluate',
      '--task',
      'humaneval',
      '--generations',
      join(out, 'generations.json'),
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '1',
      '--no-db',
      '--output-dir',
      out,
    ]);
    expect(evaluate.code).toBe(2);
    expect(evaluate.stderr).toContain('--overwrite');
    expect(await problemsIn(out)).toBe(3);

    const replaced = await runCli(reference(out, 2, '--overwrite'));
    expect(replaced.stderr).not.toContain('internal error');
    expect(replaced.code).toBe(0);
    expect(await problemsIn(out)).toBe(2);
  });
});

describe('output paths are checked before any work', () => {
  it('a bad --output-dir fails at once with one line and runs nothing', async () => {
    const root = await tempDir();
    const file = join(root, 'a-file');
    await writeFile(file, 'not a folder');
    const result = await runCli(reference(join(file, 'out'), 2));
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('internal error');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('not a folder');
    // Nothing ran: no progress line about programs was printed.
    expect(result.stderr).not.toMatch(/passed|programs/);
  });

  it('report -o, compare --json and contamination -o create missing parent folders', async () => {
    const run = await tempDir();
    expect((await runCli(reference(run, 2))).code).toBe(0);
    const root = await tempDir();

    const report = join(root, 'a', 'b', 'report.html');
    const r = await runCli(['report', run, '-o', report, '--data-dir', dataDir]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect((await stat(report)).size).toBeGreaterThan(0);

    const json = join(root, 'c', 'd', 'compare.json');
    const c = await runCli(['compare', run, run, '--json', json]);
    expect(c.stderr).not.toContain('internal error');
    expect(c.code).toBe(0);
    expect(JSON.parse(await readFile(json, 'utf8'))).toBeTypeOf('object');

    const corpus = join(root, 'corpus');
    await mkdir(corpus);
    await writeFile(join(corpus, 'x.txt'), 'def unrelated():\n    return 42\n');
    const out = join(root, 'e', 'f', 'contamination.json');
    const k = await runCli([
      'contamination',
      '--task',
      'humaneval',
      '--corpus',
      corpus,
      '--data-dir',
      dataDir,
      '-o',
      out,
    ]);
    expect(k.stderr).not.toContain('internal error');
    expect(k.code).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8'))).toBeTypeOf('object');
  });
});

describe('a refused --resume writes nothing', () => {
  let server: FakeOpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a changed temperature is refused before run-config.json is touched', async () => {
    server = await startFakeOpenAIServer();
    const out = await tempDir();
    const first = await runCli([
      'run',
      '--task',
      'humaneval',
      '--model',
      'openai-compatible',
      '--base-url',
      server.baseUrl,
      '--n-samples',
      '2',
      '--limit',
      '2',
      '--temperature',
      '0.2',
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--no-db',
      '--output-dir',
      out,
    ]);
    expect(first.stderr).not.toContain('internal error');
    expect(first.code).toBe(0);
    const config = join(out, 'run-config.json');
    const before = await readFile(config, 'utf8');

    const changed = await runCli([
      'run',
      '--resume',
      out,
      '--temperature',
      '0.6',
      '--allow-code-execution',
    ]);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain('temperature: 0.2 → 0.6');
    expect(await readFile(config, 'utf8')).toBe(before);

    const plain = await runCli(['run', '--resume', out, '--allow-code-execution']);
    expect(plain.stderr).not.toContain('internal error');
    expect(plain.code).toBe(0);
  });
});
