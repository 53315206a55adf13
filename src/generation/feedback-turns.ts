import type { ChatMessage, ModelPrompt } from '../models/types.js';
import type { Problem, TaskFeedback, TurnVerdict } from '../tasks/types.js';
import { attemptOf, type Job, pairKey } from './plan.js';
import { stripReasoning } from './reasoning.js';
import type { SampleRecord } from './types.js';

/** A record of a feedback turn carries its turn number, the message and the verdict it answers. */
export function withTurn(record: SampleRecord, job: Job): SampleRecord {
  if (!job.turn) return record;
  const { attempt, feedback, previous } = job.turn;
  return { ...record, attempt, feedback, previous };
}

/**
 * Every turn's successful record per (problem, sample) pair, by turn (index 0 = turn 1): the
 * replies a later turn's conversation repeats. From the journal on resume, then kept up to date.
 */
export class TurnHistory {
  private readonly turns = new Map<string, SampleRecord[]>();

  constructor(records: readonly SampleRecord[]) {
    for (const record of records) this.add(record);
  }

  add(record: SampleRecord): void {
    if (record.error !== undefined) return;
    const key = pairKey(record.problemId, record.sample);
    const turns = this.turns.get(key) ?? [];
    // the first success of a turn stands, as in standingRecords
    turns[attemptOf(record) - 1] ??= record;
    this.turns.set(key, turns);
  }

  /** Turns 1..upTo of a pair, or undefined when one is missing (cannot rebuild the chat). */
  upTo(problemId: string, sample: number, upTo: number): SampleRecord[] | undefined {
    const turns = this.turns.get(pairKey(problemId, sample))?.slice(0, upTo) ?? [];
    return turns.length === upTo && turns.every(Boolean) ? turns : undefined;
  }
}

/** A sample's chat so far: every reply as the model sent it, and the user message after each. */
export interface ChatHistory {
  replies: string[];
  asked: string[];
}

/**
 * The history of `turns` (each turn's reflections, then its reply), the last reply answered by
 * `message`.
 */
export function chatHistory(turns: readonly SampleRecord[], message: string): ChatHistory {
  const history: ChatHistory = { replies: [], asked: [] };
  turns.forEach((turn, i) => {
    for (const { reply, message: told } of turn.reflections ?? []) {
      history.replies.push(reply);
      history.asked.push(told);
    }
    history.replies.push(turn.raw ?? turn.program);
    history.asked.push(turns[i + 1]?.feedback ?? message);
  });
  return history;
}

/**
 * The conversation for the next turn: the first prompt, then each earlier reply (as the model
 * sent it) followed by the user message that answered it, ending with `feedback`.
 */
export function conversation(
  first: ModelPrompt,
  turns: readonly SampleRecord[],
  feedback: string,
): ModelPrompt {
  return appended(first, chatHistory(turns, feedback));
}

function appended(first: ModelPrompt, history: ChatHistory): ModelPrompt {
  if (first.kind !== 'chat') throw new Error('internal: feedback turns need a chat prompt');
  const messages: ChatMessage[] = [...first.messages];
  history.replies.forEach((reply, i) => {
    messages.push({ role: 'assistant', content: reply });
    messages.push({ role: 'user', content: history.asked[i]! });
  });
  return { kind: 'chat', messages };
}

/**
 * The prompt after `history` (a later turn, or a reflection within one): the task's own
 * conversation where it rebuilds one (its first system message the first prompt's, so a user's
 * system prompt stays), else the first prompt with the history appended.
 */
export function historyPrompt(
  feedback: TaskFeedback,
  problem: Problem,
  first: ModelPrompt,
  history: ChatHistory,
): ModelPrompt {
  if (!feedback.conversation || first.kind !== 'chat') return appended(first, history);
  const replies = history.replies.map((reply) => stripReasoning(reply, true).answer);
  const messages: ChatMessage[] = [...feedback.conversation(problem, replies, history.asked)];
  const system = first.messages[0];
  if (system?.role === 'system' && messages[0]?.role === 'system') messages[0] = system;
  return { kind: 'chat', messages };
}

/** A sample due for its next turn: its standing record is from `turn` and did not pass. */
export interface DueSample {
  problem: Problem;
  record: SampleRecord;
}

/**
 * The jobs of turn `turn + 1`: for each due sample whose verdict failed and for which the task
 * has something to say, one single-sample job holding the whole conversation.
 */
export function nextTurnJobs(
  feedback: TaskFeedback,
  due: readonly DueSample[],
  verdicts: readonly TurnVerdict[],
  history: TurnHistory,
  prompts: ReadonlyMap<string, ModelPrompt>,
  turn: number,
): Job[] {
  const jobs: Job[] = [];
  due.forEach(({ problem, record }, i) => {
    const verdict = verdicts[i];
    if (verdict === undefined || verdict.status === 'passed') return;
    const message = feedback.next(problem, verdict, turn);
    const turns = history.upTo(problem.id, record.sample, turn);
    const first = prompts.get(problem.id);
    if (message === undefined || turns === undefined || first === undefined) return;
    const chat = chatHistory(turns, message);
    jobs.push({
      problem,
      samples: [record.sample],
      turn: {
        attempt: turn + 1,
        prompt: historyPrompt(feedback, problem, first, chat),
        history: chat,
        feedback: message,
        previous: verdict,
        previousProgram: turns.at(-1)!.program,
      },
    });
  });
  return jobs;
}

/** The samples whose standing record is a finished turn `turn`, in benchmark order. */
export function dueAfter(
  problems: readonly Problem[],
  nSamples: number,
  standing: ReadonlyMap<string, SampleRecord>,
  turn: number,
): DueSample[] {
  const due: DueSample[] = [];
  for (const problem of problems) {
    for (let sample = 0; sample < nSamples; sample++) {
      const record = standing.get(pairKey(problem.id, sample));
      if (record && record.error === undefined && attemptOf(record) === turn)
        due.push({ problem, record });
    }
  }
  return due;
}
