import { extractCode, fencedBlocks } from '../../postprocess/extract.js';
import { cutAtStop } from '../../postprocess/stop.js';

/** bigcode-evaluation-harness's DS-1000 stop words (upstream's prompts open these blocks). */
export const DS1000_STOPS = ['</code>', '# SOLUTION END'] as const;

const FENCE = '```';

/**
 * Upstream's answer clean-up (xlang-ai/DS-1000 test_ds1000.py `postprocess`), applied to every
 * answer: up to the first `</code>`, without a ```python opening, up to the next fence, up to
 * `\nEND SOLUTION`, without `<code>` tags. Nothing is stripped: a function problem's answer is
 * a body whose first line's indentation matters.
 */
export function upstreamPostprocess(code: string): string {
  let out = code.split('</code>')[0] ?? '';
  out = out.replaceAll(`${FENCE}python`, '');
  out = out.split(FENCE)[0] ?? '';
  out = out.split('\nEND SOLUTION')[0] ?? '';
  return out.replaceAll('<code>', '');
}

/**
 * A completion model's answer: the text after an echoed prompt, cut at the earliest stop
 * sequence, then upstream's clean-up.
 */
export function completionAnswer(prompt: string, generation: string, stops: readonly string[]) {
  const generated = generation.startsWith(prompt) ? generation.slice(prompt.length) : generation;
  return upstreamPostprocess(cutAtStop(generated, stops));
}

/**
 * A chat model's answer: the code of its fenced block (passk's rule: python-tagged first, then
 * untagged, the longest), else what follows its first `<code>` tag (the prompt's own format),
 * else the whole reply; then upstream's clean-up.
 */
export function chatAnswer(reply: string): string {
  if (fencedBlocks(reply).length > 0) return upstreamPostprocess(extractCode(reply, 'python'));
  const tag = reply.indexOf('<code>');
  const code = tag < 0 ? reply : reply.slice(tag + '<code>'.length);
  return upstreamPostprocess(code);
}
