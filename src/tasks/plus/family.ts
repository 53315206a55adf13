import { familyOf } from '../family.js';
import { unstrippedOf } from '../kit/bigcode-names.js';

/** EvalPlus: HumanEval+ and MBPP+, judged outside the candidate's process or inside it. */
export const family = familyOf('plus', {
  humanevalplus: async () => (await import('./humanevalplus.js')).humanevalplus,
  'humanevalplus-unstripped': async () =>
    unstrippedOf((await import('./humanevalplus.js')).humanevalplus, 'humanevalplus-unstripped'),
  mbppplus: async () => (await import('./mbppplus.js')).mbppplus,
  'humanevalplus-inprocess': async () =>
    (await import('./humanevalplus.js')).humanevalplusInProcess,
  'mbppplus-inprocess': async () => (await import('./mbppplus.js')).mbppplusInProcess,
});
