// The error classes live in the one table of errors (core/errors.ts); re-exported for imports here.
export {
  ContextLengthError,
  RetryableRequestError,
  type RetryReason,
  ServerUnavailableError,
} from '../core/errors.js';

/** Messages servers use for prompt overflow (OpenAI, vLLM, TGI, llama.cpp server, SGLang). */
const CONTEXT_LENGTH_PATTERNS = [
  /maximum context length/i,
  /context[_ ]length[_ ]exceeded/i,
  /exceeds? (the )?(available )?context/i,
  /input (is )?too long/i,
  /prompt is too long/i,
  /must have less than \d+ tokens/i,
  /longer than the model/i,
];

export function isContextLengthMessage(message: string): boolean {
  return CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message));
}
