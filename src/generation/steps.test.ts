import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelRequestError } from '../core/errors.js';
import type { Completion, GenerateRequest, ModelBackend } from '../models/types.js';
import type { Problem, TaskSteps } from '../tasks/types.js';
import { generate } from './generate.js';
import { JOURNAL_FILE } from './journal.js';
import type { GenerationTask, SampleRecord } from './types.js';

/**
 * A completion "model" that answers each prompt with `reply to <prompt>`, and fails (a 400,
 * not retried, not fatal as a 413-style error would be) every prompt `fails` accepts.
 */
function completionBackend(fails: (prompt: string) => boolean = () => false) {
  const asked: GenerateRequest[] = [];
  const backend: ModelBackend = {
    id: 'scripted',
    promptKind: 'completion',
    concurrency: 1,
    maxSamplesPerRequest: 1,
    describe: () => ({ backend: 'scripted', model: 'scripted', settings: {} }),
    async generate(request): Promise<Completion[]> {
      asked.push(request);
      const text = request.prompt.kind === 'completion' ? request.prompt.text : '';
      if (fails(text)) throw new ModelRequestError('context too long', { retryable: false });
      return [{ text: `reply to ${text}`, finishReason: 'stop', tokensOut: 2 }];
    },
  };
  return { backend, asked };
}

/** Three steps: each prompt names its step and the replies before it; the candidate joins them. */
const steps: TaskSteps = {
  next: (problem, replies) =>
    replies.length < 3
      ? `${problem.id} step ${replies.length + 1} after [${replies.join('|')}]`
      : undefined,
  candidate: (_problem, replies) => replies.join('\n'),
};

const task: GenerationTask = {
  name: 'steps-toy',
  language: 'python',
  stopSequences: [],
  postprocess: (_p, text) => `postprocessed ${text}`,
  steps,
};

const problem: Problem = {
  id: 'P',
  language: 'python',
  prompt: 'P step 1 after []',
  datasetPrompt: '',
  tests: '',
  meta: {},
};

const sampling = { temperature: 0, topP: 1, maxNewTokens: 64, nSamples: 1, seed: 1 };

async function journal(runDir: string): Promise<SampleRecord[]> {
  const text = await readFile(join(runDir, JOURNAL_FILE), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('Task.steps', () => {
  it('asks each step with a fresh prompt built from the replies so far; the sample is the candidate of all', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-steps-'));
    const { backend, asked } = completionBackend();
    const result = await generate({ task, problems: [problem], backend, sampling, runDir });
    const prompts = asked.map((r) => (r.prompt.kind === 'completion' ? r.prompt.text : ''));
    expect(prompts).toEqual([
      'P step 1 after []',
      'P step 2 after [reply to P step 1 after []]',
      'P step 3 after [reply to P step 1 after []|reply to P step 2 after [reply to P step 1 after []]]',
    ]);
    expect(new Set(asked.map((r) => r.sampling.seed)).size).toBe(3);
    const [record] = result.records;
    expect(record!.program).toBe(prompts.map((p) => `reply to ${p}`).join('\n'));
    expect(record!.steps).toEqual(prompts.map((p) => `reply to ${p}`));
    expect(record!.raw).toBe(`reply to ${prompts[2]}`);
    expect(record!.tokensOut).toBe(6);
    expect(record!.seed).toBe(asked[0]!.sampling.seed);
    // one journal line per sample, written when its last step is answered
    expect(await journal(runDir)).toHaveLength(1);
    expect(result.metadata.sessions.at(-1)!.requests).toBe(3);
  });

  it('a step that fails fails its sample, and a resumed run asks that sample again from its first step', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-steps-'));
    const failing = completionBackend((prompt) => prompt.startsWith('P step 2'));
    const first = await generate({
      task,
      problems: [problem],
      backend: failing.backend,
      sampling,
      runDir,
    });
    expect(first.records[0]!.error?.kind).toBe('request_failed');
    expect(first.records[0]!.program).toBe('');
    const working = completionBackend();
    const resumed = await generate({
      task,
      problems: [problem],
      backend: working.backend,
      sampling,
      runDir,
    });
    expect(working.asked).toHaveLength(3);
    expect(resumed.records[0]!.error).toBeUndefined();
    expect(resumed.records[0]!.steps).toHaveLength(3);
  });
});
