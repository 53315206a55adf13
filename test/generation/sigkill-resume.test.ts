import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';
import { generate } from '../../src/generation/generate.js';
import { JOURNAL_FILE, readJournal } from '../../src/generation/journal.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { type DriverConfig, driverOptions } from './kill-driver.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function journalLines(path: string): Promise<number> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.split('\n').length - 1;
}

it('resumes after SIGKILL keeping every journaled sample, duplicating none, missing none', async () => {
  // Slow answers, so the kill lands while requests are in flight; and past the 9th request
  // none is answered until the kill, so the child cannot finish first however it is scheduled.
  let killed = false;
  const server = await startFakeOpenAIServer({
    pieceDelayMs: 40,
    fault: ({ index }) => (index >= 9 && !killed ? { kind: 'hang' } : undefined),
  });
  const runDir = await mkdtemp(join(tmpdir(), 'passk-kill-'));
  dirs.push(runDir);
  const config: DriverConfig = { baseUrl: server.baseUrl, runDir, problems: 6, nSamples: 6 };
  const journalPath = join(runDir, JOURNAL_FILE);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, 'kill-driver.ts'), JSON.stringify(config)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );

  await vi.waitFor(async () => expect(await journalLines(journalPath)).toBeGreaterThanOrEqual(6), {
    timeout: 30_000,
    interval: 10,
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  killed = true;
  expect(output).not.toContain('finished');

  const beforeText = await readFile(journalPath, 'utf8');
  const before = await readJournal(journalPath);
  expect(before.records.length).toBeLessThan(36);

  const result = await generate(driverOptions(config));
  await server.close();

  expect(result.complete).toBe(true);
  const afterText = await readFile(journalPath, 'utf8');
  // every complete line written before the kill is still there, byte for byte
  expect(afterText.slice(0, before.validBytes)).toBe(beforeText.slice(0, before.validBytes));
  const after = await readJournal(journalPath);
  const keys = after.records.map((r) => `${r.problemId}#${r.sample}`);
  expect(new Set(keys).size).toBe(keys.length);
  const allPairs = Array.from({ length: 6 }, (_, p) =>
    Array.from({ length: 6 }, (_, s) => `Tiny/${p}#${s}`),
  ).flat();
  expect([...keys].sort()).toEqual([...allPairs].sort());
  // The killed session is recorded with what it journaled (its generation.json was written at
  // its start, before any sample: 0 and 0), every request it finished counted once.
  const [killedSession] = result.metadata.sessions;
  const answered = new Set(before.records.map((r) => r.request)).size;
  expect(answered).toBeGreaterThan(0);
  expect(killedSession).toMatchObject({ samples: before.records.length, requests: answered });
  expect(result.metadata.totals.requests).toBe(answered + result.metadata.sessions[1]!.requests);
  const byKey = new Map(result.records.map((r) => [`${r.problemId}#${r.sample}`, r]));
  for (const record of before.records) {
    expect(byKey.get(`${record.problemId}#${record.sample}`)).toEqual(record);
  }
});
