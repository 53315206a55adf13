import { spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/cli.js';

/** The Library example of docs/library.md, exactly as written there (its first ```ts block). */
async function readmeExample(): Promise<string> {
  const section = await readFile(join(repoRoot, 'docs', 'library.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/library.md has no ```ts block');
  return block[1]!;
}

function runScript(file: string, cwd: string): Promise<{ code: number | null; out: string }> {
  const tsx = import.meta.resolve('tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, file], {
      cwd,
      env: { ...process.env, PASSK_DB: join(cwd, 'passk-runs', 'passk.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('docs/library.md example', () => {
  it('runs as written and finds the planted regression', async () => {
    const cwd = await tempDir('passk-library-');
    // The example's relative paths, laid out as in the repository.
    await mkdir(join(cwd, 'examples', 'custom-jsonl'), { recursive: true });
    await mkdir(join(cwd, 'passk-runs'));
    const bench = join('examples', 'custom-jsonl', 'my-bench.jsonl');
    await copyFile(join(repoRoot, bench), join(cwd, bench));
    // `from 'passk'` is this checkout's library entry point.
    const entry = pathToFileURL(join(repoRoot, 'src', 'index.ts')).href;
    const source = (await readmeExample()).replace("from 'passk'", `from '${entry}'`);
    expect(source).toContain(entry);
    await writeFile(join(cwd, 'example.mts'), source);
    const { code, out } = await runScript('example.mts', cwd);
    expect(code, out).toBe(0);
    expect(out).toContain('A pass@1 = 1, B pass@1 = 0');
    expect(out).toContain('compared 1 problem(s); regressed: my-bench/0');
    expect(out).toMatch(/pass@1 = 100\.0%/);
  });
});
