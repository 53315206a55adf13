import { type Family, familyOf } from '../family.js';

/**
 * Instruction prompts for HumanEval and MBPP; `instruct-humaneval[-nocontext]` is
 * bigcode-evaluation-harness's protocol (instruction, then context), default tokens.
 */
const loaders = familyOf('instruct', {
  'humaneval-instruct': async () => (await import('./humaneval-instruct.js')).humanevalInstruct,
  'mbpp-instruct': async () => (await import('./mbpp-instruct.js')).mbppInstruct,
  'instruct-humaneval': async () =>
    (await import('./bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext: true }),
  'instruct-humaneval-nocontext': async () =>
    (await import('./bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext: false }),
});
const BIGCODE_EOS =
  "generation: bigcode also stops at the tokenizer's end-of-text token; passk leaves that to the server";
const OWN: Readonly<Record<string, readonly string[]>> = {
  'instruct-humaneval': [
    "data: bigcode's codeparrot/instructhumaneval (Hub, pinned), not among passk's data files: its prompts and post-processing are checked against a reimplementation of bigcode's on a test file in that schema, not on the dataset itself",
    BIGCODE_EOS,
  ],
  'instruct-humaneval-nocontext': [
    'data: as instruct-humaneval (codeparrot/instructhumaneval, checked on a test file in that schema)',
    BIGCODE_EOS,
  ],
};
export const family: Family = { ...loaders, differences: (task) => OWN[task.name] ?? [] };
