import { z } from 'zod';

/** The fields HumanEval+ and MBPP+ rows share (EvalPlus release format). */
export const evalPlusRowFields = {
  task_id: z.string(),
  prompt: z.string(),
  entry_point: z.string(),
  canonical_solution: z.string(),
  contract: z.string().default(''),
  /** Each input is the list of arguments, as JSON. */
  base_input: z.array(z.array(z.unknown())),
  /** MBPP+ writes a problem without extra inputs (Mbpp/793) as `{}`. */
  plus_input: z.preprocess(
    (value) =>
      value !== null && typeof value === 'object' && Object.keys(value).length === 0 ? [] : value,
    z.array(z.array(z.unknown())),
  ),
  /** Absolute tolerance for float outputs; 0 when the dataset declares none. */
  atol: z.number().nonnegative().default(0),
};
