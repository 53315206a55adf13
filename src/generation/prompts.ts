import { createHash } from 'node:crypto';
import type { ChatMessage, ModelPrompt } from '../models/types.js';
import type { Problem } from '../tasks/types.js';
import type { GenerationTask } from './types.js';

/**
 * The instruction sent to a chat model when the task has no instruction form of its own: the
 * completion prompt in a fence, asking for the whole function back in a fence, which is what
 * extract.ts looks for first.
 */
export function defaultInstruction(problem: Problem): string {
  const fence = '```';
  return [
    `Complete the following ${problem.language} code. Reply with the complete function (signature included) in one ${fence}${problem.language} code block.`,
    '',
    `${fence}${problem.language}`,
    problem.prompt.trimEnd(),
    fence,
  ].join('\n');
}

/** What is sent for `problem`: its prompt text, or chat messages built from its instruction. */
export function promptFor(
  task: GenerationTask,
  problem: Problem,
  kind: ModelPrompt['kind'],
  systemPrompt?: string,
): ModelPrompt {
  if (kind === 'completion') return { kind, text: problem.prompt };
  const own = task.chatMessages?.(problem);
  if (own !== undefined) return { kind, messages: withSystemPrompt(own, systemPrompt) };
  const instruction = task.instructionPrompt?.(problem) ?? defaultInstruction(problem);
  const messages: ChatMessage[] = [
    ...(systemPrompt === undefined ? [] : [{ role: 'system' as const, content: systemPrompt }]),
    { role: 'user', content: instruction },
  ];
  return { kind, messages };
}

/** The task's conversation, its system message replaced by the user's when one is given. */
function withSystemPrompt(
  messages: readonly ChatMessage[],
  systemPrompt: string | undefined,
): ChatMessage[] {
  if (systemPrompt === undefined) return [...messages];
  const rest = messages.filter((message) => message.role !== 'system');
  return [{ role: 'system', content: systemPrompt }, ...rest];
}

/** sha256 over the (problem id, prompt) pairs in order: tells whether two runs asked the same. */
export function promptsHash(prompts: readonly (readonly [string, ModelPrompt])[]): string {
  const hash = createHash('sha256');
  for (const [id, prompt] of prompts) hash.update(`${JSON.stringify([id, prompt])}\n`);
  return hash.digest('hex');
}
