import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { JOURNAL_FILE } from '../../src/generation/journal.js';
import { repoRoot } from './cli.js';
import {
  type FakeOpenAIServer,
  type FakeServerOptions,
  startFakeOpenAIServer,
  type TextContext,
} from './fake-openai-server.js';

/** Four one-line Python problems (custom JSONL task) with five stop sequences each. */
export const toyTask = join(repoRoot, 'test', 'fixtures', 'model-toy.jsonl');
export const TOY_PROBLEMS = 4;

const BODIES: Record<string, string> = {
  inc: '    return x + 1\n',
  double: '    return 2 * x\n',
  neg: '    return -x\n',
  square: '    return x * x\n',
};

/**
 * A model that is always right: the correct body for the toy problem in the prompt, then more
 * code after a stop sequence. Any partial answer (cut mid-stream) fails the problem's tests, so
 * a score of exactly 1 proves only finished samples were scored. Chat: the whole function in a
 * fence, after a `<think>` block holding a wrong draft when `think` is set.
 */
export function toyText(think = false) {
  return ({ prompt, chat }: TextContext): string => {
    const name = /def (\w+)\(/.exec(prompt)?.[1] ?? 'inc';
    const body = BODIES[name] ?? BODIES['inc']!;
    if (!chat) return `${body}\ndef helper():\n    return 0\n`;
    const code = `\`\`\`python\ndef ${name}(x):\n${body}\`\`\``;
    // the draft is the longer block, so an extractor that saw it would pick it
    const draft = `<think>\nFirst try:\n\`\`\`python\ndef ${name}(x):\n    # a first draft, longer and wrong\n    return None\n\`\`\`\nNo, fix it.\n</think>\n`;
    return `${think ? draft : ''}Here it is:\n\n${code}\n`;
  };
}

/** `passk run --model reference` on the toy task (its canonical solutions), into `out`. */
export function toyReferenceArgs(out: string, extra: string[] = []): string[] {
  return [
    'run',
    '--task',
    toyTask,
    '--model',
    'reference',
    '--allow-code-execution',
    '--output-dir',
    out,
    ...extra,
  ];
}

/** `passk run` on the toy task against `baseUrls`, into `out`. */
export function toyRunArgs(baseUrls: string[], out: string, extra: string[] = []): string[] {
  return [
    'run',
    '--task',
    toyTask,
    '--model',
    'openai-compatible',
    ...baseUrls.flatMap((url) => ['--base-url', url]),
    '--n-samples',
    '3',
    '--allow-code-execution',
    '--output-dir',
    out,
    '--no-db',
    ...extra,
  ];
}

export interface JournalLine {
  problemId: string;
  sample: number;
  program: string;
  raw?: string;
  model?: string;
  reasoningTokens?: number;
  error?: { kind: string; message: string };
}

export async function journalLines(dir: string): Promise<JournalLine[]> {
  const text = await readFile(join(dir, JOURNAL_FILE), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalLine);
}

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON files, checked field by field by tests
export async function readJson(dir: string, file: string): Promise<any> {
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

export interface ResultLine {
  task_id: string;
  sample: number;
  status: string;
  error_type?: string;
}

export async function resultLines(dir: string): Promise<ResultLine[]> {
  const text = await readFile(join(dir, 'results.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ResultLine);
}

/** Every (problem, sample) key, as `id#sample`. */
/** pass@1 of a run's metrics.json (a custom task's name is its file path). */
export const passAt1 = (metrics: { config: { task: string } } & Record<string, unknown>) =>
  (metrics[metrics.config.task] as Record<string, number>)['pass@1'];

export const keysOf = (rows: { task_id: string; sample: number }[]) =>
  rows.map((r) => `${r.task_id}#${r.sample}`);

/**
 * For a test file: a `serve(options)` that starts a fake server answering as the toy model (unless
 * `options.text` says otherwise) and closes every server it started after each test. `options` is
 * used as is (not copied), so a test can change the model or faults later.
 */
export function toyServers(): (options?: FakeServerOptions) => Promise<FakeOpenAIServer> {
  const servers: FakeOpenAIServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (options = {}) => {
    options.text ??= toyText();
    const server = await startFakeOpenAIServer(options);
    servers.push(server);
    return server;
  };
}

/**
 * For a test file: a `serve(options)` that starts a fake server with `options` as they are (no toy
 * default) and closes every server it started after each test.
 */
export function fakeServers(): (options?: FakeServerOptions) => Promise<FakeOpenAIServer> {
  const servers: FakeOpenAIServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (options = {}) => {
    const server = await startFakeOpenAIServer(options);
    servers.push(server);
    return server;
  };
}
