import { describe, expect, it } from 'vitest';
import type { Problem } from '../tasks/types.js';
import { promptFor } from './prompts.js';
import type { GenerationTask } from './types.js';

const problem: Problem = {
  id: 'p/0',
  language: 'python',
  prompt: 'def f():\n',
  datasetPrompt: 'def f():\n',
  tests: '',
  meta: {},
};
const base: GenerationTask = {
  name: 'toy',
  language: 'python',
  stopSequences: [],
  postprocess: (_p, text) => text,
  instructionPrompt: (p) => `write ${p.id}`,
};
const fewShot: GenerationTask = {
  ...base,
  chatMessages: (p) => [
    { role: 'system', content: 'You execute code.' },
    { role: 'user', content: 'shot' },
    { role: 'assistant', content: 'answer' },
    { role: 'user', content: `question ${p.id}` },
  ],
};

describe('promptFor', () => {
  it('sends the completion prompt as text, whatever chat form the task has', () => {
    expect(promptFor(fewShot, problem, 'completion')).toEqual({
      kind: 'completion',
      text: 'def f():\n',
    });
  });

  it("asks chat models the task's instruction, after the user's system prompt", () => {
    expect(promptFor(base, problem, 'chat', 'Be brief.')).toEqual({
      kind: 'chat',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'write p/0' },
      ],
    });
  });

  it("sends a task's own conversation (few-shot turns) in place of its instruction", () => {
    const prompt = promptFor(fewShot, problem, 'chat');
    expect(prompt).toEqual({ kind: 'chat', messages: fewShot.chatMessages?.(problem) });
  });

  it("replaces the conversation's system message with the user's", () => {
    const prompt = promptFor(fewShot, problem, 'chat', 'Be brief.');
    expect(prompt.kind === 'chat' && prompt.messages.map((m) => m.content)).toEqual([
      'Be brief.',
      'shot',
      'answer',
      'question p/0',
    ]);
  });
});
