import { type Family, familyOf } from '../family.js';
import { unstrippedOf } from '../kit/bigcode-names.js';

const PLUS_DIFFERENCES = [
  'judging: EvalPlus base and plus suites (see docs/tasks.md "HumanEval+ and MBPP+")',
  "generation (completion models): bigcode's humanevalplus/mbppplus protocol (stripped prompt, bigcode's stop words, no sanitize); EvalPlus's own codegen sends prompt.strip() + newline with its own stop words and sanitizes every output (docs/fidelity.md)",
  'tolerance: a big expected output (compared by the digest of its literal, exactly) neither gets nor sets the float tolerance EvalPlus carries to the later inputs of a suite',
  "memory: 4 GiB of address space by default, as EvalPlus's EVALPLUS_MAX_MEMORY_BYTES; EvalPlus lowers it to the machine's memory where that is less, passk does not",
  "chat: EvalPlus's message and sanitize; EvalPlus also sends the system message 'You are a helpful assistant good at coding.', which passk sends only with --system-prompt",
];
const MBPPPLUS_PROMPT =
  'prompt: built from the EvalPlus release file, whose prompt is already the docstring; bigcode builds it from the Hub dataset (`prompt` + test_list[0]), not compared byte for byte here';

/** EvalPlus: HumanEval+ and MBPP+, judged outside the candidate's process or inside it. */
const loaders = familyOf('plus', {
  humanevalplus: async () => (await import('./humanevalplus.js')).humanevalplus,
  'humanevalplus-unstripped': async () =>
    unstrippedOf((await import('./humanevalplus.js')).humanevalplus, 'humanevalplus-unstripped'),
  mbppplus: async () => (await import('./mbppplus.js')).mbppplus,
  'humanevalplus-inprocess': async () =>
    (await import('./humanevalplus.js')).humanevalplusInProcess,
  'mbppplus-inprocess': async () => (await import('./mbppplus.js')).mbppplusInProcess,
});
export const family: Family = {
  ...loaders,
  differences: (task) =>
    task.name.startsWith('mbppplus') ? [...PLUS_DIFFERENCES, MBPPPLUS_PROMPT] : PLUS_DIFFERENCES,
};
