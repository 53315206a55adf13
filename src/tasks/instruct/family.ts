import { familyOf } from '../family.js';

/**
 * Instruction prompts for HumanEval and MBPP; `instruct-humaneval[-nocontext]` is
 * bigcode-evaluation-harness's protocol (instruction, then context), default tokens.
 */
export const family = familyOf('instruct', {
  'humaneval-instruct': async () => (await import('./humaneval-instruct.js')).humanevalInstruct,
  'mbpp-instruct': async () => (await import('./mbpp-instruct.js')).mbppInstruct,
  'instruct-humaneval': async () =>
    (await import('./bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext: true }),
  'instruct-humaneval-nocontext': async () =>
    (await import('./bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext: false }),
});
