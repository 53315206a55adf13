import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Completion, GenerateRequest, ModelBackend } from '../models/types.js';
import type { Problem, TaskFeedback } from '../tasks/types.js';
import { conversation } from './feedback-turns.js';
import { generate } from './generate.js';
import { JOURNAL_FILE } from './journal.js';
import type { GenerationTask, SampleRecord, TurnJudge } from './types.js';

/** A chat "model" that answers `wrong` on a first turn and `right` once it has feedback. */
function chatBackend(): ModelBackend & { asked: GenerateRequest[] } {
  const asked: GenerateRequest[] = [];
  return {
    id: 'scripted-chat',
    promptKind: 'chat',
    concurrency: 2,
    maxSamplesPerRequest: 1,
    asked,
    describe: () => ({ backend: 'scripted', model: 'scripted', settings: {} }),
    async generate(request): Promise<Completion[]> {
      asked.push(request);
      const turns = request.prompt.kind === 'chat' ? request.prompt.messages.length : 1;
      return [{ text: turns === 1 ? 'wrong' : 'right', finishReason: 'stop' }];
    },
  };
}

const feedback: TaskFeedback = {
  maxTurns: 2,
  next: (_problem, verdict) => `tests said: ${verdict.message}`,
};

const task: GenerationTask = {
  name: 'feedback-toy',
  language: 'python',
  stopSequences: [],
  postprocess: (_p, text) => text,
  chatPostprocess: (_p, text) => text,
  instructionPrompt: (p) => `solve ${p.id}`,
  feedback,
};

const problem = (id: string): Problem => ({
  id,
  language: 'python',
  prompt: id,
  datasetPrompt: id,
  tests: '',
  meta: {},
});

/** Passes `right`, fails anything else; counts what it judged. */
function judge(): TurnJudge & { judged: string[] } {
  const judged: string[] = [];
  const fn: TurnJudge = async (items) =>
    items.map(({ record }) => {
      judged.push(`${record.problemId}:${record.program}`);
      return record.program === 'right'
        ? { status: 'passed' }
        : { status: 'failed', message: `${record.program} is wrong`, output: 'AssertionError' };
    });
  return Object.assign(fn, { judged });
}

const sampling = { temperature: 0, topP: 1, maxNewTokens: 64, nSamples: 1, seed: 1 };

describe('feedback turns', () => {
  it('asks again with the conversation and the feedback, and keeps both turns', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-feedback-'));
    const backend = chatBackend();
    const judged = judge();
    const problems = [problem('a'), problem('b')];
    const result = await generate({ task, problems, backend, sampling, runDir, judge: judged });
    expect(result.records.map((r) => [r.problemId, r.program, r.attempt])).toEqual([
      ['a', 'right', 2],
      ['b', 'right', 2],
    ]);
    expect(backend.asked).toHaveLength(4);
    const second = backend.asked.find(
      (r) => r.prompt.kind === 'chat' && r.prompt.messages.length > 1,
    )!;
    expect(second.prompt).toEqual({
      kind: 'chat',
      messages: [
        { role: 'user', content: expect.stringMatching(/^solve [ab]$/) },
        { role: 'assistant', content: 'wrong' },
        { role: 'user', content: 'tests said: wrong is wrong' },
      ],
    });
    const journal = (await readFile(join(runDir, JOURNAL_FILE), 'utf8')).trim().split('\n');
    expect(journal).toHaveLength(4);
    // the second turn's seed differs from the first's, and its record says what it answered
    const turn2 = result.records[0]!;
    expect(turn2.previous).toEqual({
      status: 'failed',
      message: 'wrong is wrong',
      output: 'AssertionError',
    });
    expect(turn2.feedback).toBe('tests said: wrong is wrong');
  });

  it('a run stopped between turns resumes at the second turn without asking the first again', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-feedback-'));
    const problems = [problem('a')];
    // the first session got as far as turn 1 (no judge: no second turn)
    await generate({ task, problems, backend: chatBackend(), sampling, runDir });
    const backend = chatBackend();
    const result = await generate({ task, problems, backend, sampling, runDir, judge: judge() });
    expect(backend.asked).toHaveLength(1);
    expect(result.records.map((r) => [r.program, r.attempt])).toEqual([['right', 2]]);
    // a third session finds every sample at its last turn: nothing to ask, nothing to judge
    const again = chatBackend();
    const judged = judge();
    await generate({ task, problems, backend: again, sampling, runDir, judge: judged });
    expect(again.asked).toHaveLength(0);
    expect(judged.judged).toEqual([]);
  });

  it('stops when the task has nothing to say, and never goes past maxTurns', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-feedback-'));
    const silent: GenerationTask = { ...task, feedback: { maxTurns: 3, next: () => undefined } };
    const backend = chatBackend();
    await generate({
      task: silent,
      problems: [problem('a')],
      backend,
      sampling,
      runDir,
      judge: judge(),
    });
    expect(backend.asked).toHaveLength(1);
  });

  it('reflections: a reply the task cannot apply is answered within the turn, up to max', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'passk-feedback-'));
    const asked: GenerateRequest[] = [];
    const answers = ['bad', 'bad', 'wrong', 'right'];
    const backend: ModelBackend = {
      ...chatBackend(),
      async generate(request): Promise<Completion[]> {
        asked.push(request);
        const text = answers[asked.length - 1]!;
        return [{ text, finishReason: 'stop', tokensIn: 10, tokensOut: 5 }];
      },
    };
    const reflecting: GenerationTask = {
      ...task,
      feedback: {
        ...feedback,
        reflections: {
          max: 2,
          message: (_p, reply, previous) =>
            reply === 'bad' ? `bad after ${previous ?? 'nothing'}` : undefined,
        },
      },
    };
    const problems = [problem('a')];
    const result = await generate({
      task: reflecting,
      problems,
      backend,
      sampling,
      runDir,
      judge: judge(),
    });
    expect(asked).toHaveLength(4);
    const messages = (i: number) => (asked[i]!.prompt as { messages: readonly unknown[] }).messages;
    expect(messages(2)).toEqual([
      { role: 'user', content: 'solve a' },
      { role: 'assistant', content: 'bad' },
      { role: 'user', content: 'bad after nothing' },
      { role: 'assistant', content: 'bad' },
      { role: 'user', content: 'bad after bad' },
    ]);
    // the next turn repeats the reflections before the turn's last reply
    expect(messages(3).slice(3)).toEqual([
      { role: 'assistant', content: 'bad' },
      { role: 'user', content: 'bad after bad' },
      { role: 'assistant', content: 'wrong' },
      { role: 'user', content: 'tests said: wrong is wrong' },
    ]);
    expect(new Set(asked.slice(0, 3).map((r) => r.sampling.seed)).size).toBe(3);
    const journal = (await readFile(join(runDir, JOURNAL_FILE), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as SampleRecord);
    expect(journal.map((r) => [r.attempt ?? 1, r.raw, r.reflections?.length])).toEqual([
      [1, 'wrong', 2],
      [2, 'right', undefined],
    ]);
    // the turn's tokens are its three requests'
    expect([journal[0]!.tokensIn, journal[0]!.tokensOut]).toEqual([30, 15]);
    expect(result.records.map((r) => [r.program, r.attempt])).toEqual([['right', 2]]);
  });

  it('rebuilds a later turn from every earlier reply and message', () => {
    const first = { kind: 'chat' as const, messages: [{ role: 'user' as const, content: 'q' }] };
    const turns = [
      { problemId: 'a', sample: 0, program: 'p1', raw: 'r1' },
      { problemId: 'a', sample: 0, program: 'p2', raw: 'r2', attempt: 2, feedback: 'f2' },
    ] as SampleRecord[];
    expect(conversation(first, turns, 'f3')).toEqual({
      kind: 'chat',
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'r1' },
        { role: 'user', content: 'f2' },
        { role: 'assistant', content: 'r2' },
        { role: 'user', content: 'f3' },
      ],
    });
  });
});
