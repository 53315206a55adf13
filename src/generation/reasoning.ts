/**
 * Reasoning models (DeepSeek-R1, QwQ, Qwen3 in thinking mode) write their chain of thought in
 * `<think>…</think>` before the answer. It is not the answer: code in it (drafts, wrong tries)
 * must never be extracted or scored, so it is removed first; `raw` keeps it for audits.
 */

const BLOCK = /<think>[\s\S]*?(?:<\/think>|$)/g;
const LEADING = /^\s*<think>[\s\S]*?(?:<\/think>|$)/;

export interface Reasoning {
  /** The text with the reasoning removed. */
  answer: string;
  /** Characters of reasoning removed (0 when there was none). */
  reasoningChars: number;
}

/**
 * Removes reasoning blocks. A chat reply loses every block; a completion only a block it starts
 * with (code that merely mentions `<think>` later is left alone). A block never closed (the
 * model ran out of tokens while thinking) takes the rest of the text with it: no answer.
 */
export function stripReasoning(text: string, chat: boolean): Reasoning {
  if (!text.includes('<think>')) return { answer: text, reasoningChars: 0 };
  const answer = chat ? text.replace(BLOCK, '') : text.replace(LEADING, '');
  const cleaned = answer.replace(/^\s*\n/, '');
  return { answer: cleaned, reasoningChars: text.length - cleaned.length };
}

/**
 * Reasoning tokens of a sample: the server's count when it gave one, else the sample's tokens
 * shared out by characters (an estimate).
 */
export function reasoningTokens(
  fromServer: number | undefined,
  tokensOut: number | undefined,
  reasoningChars: number,
  textChars: number,
): number | undefined {
  if (fromServer !== undefined) return fromServer;
  if (reasoningChars === 0 || tokensOut === undefined || textChars === 0) return undefined;
  return Math.round((tokensOut * reasoningChars) / textChars);
}
