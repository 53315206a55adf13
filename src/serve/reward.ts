import { z } from 'zod';
import type { JudgeItem } from './judge.js';

/** `POST /judge`: a batch of items. */
export const judgeRequest = z.object({
  items: z
    .array(
      z
        .object({
          task: z.string().min(1).optional(),
          problem_id: z.string().min(1).optional(),
          /** A problem of its own: a row of the custom JSONL format (docs/tasks.md). */
          problem: z.record(z.string(), z.unknown()).optional(),
          program: z.string().optional(),
          completion: z.string().optional(),
          reply: z.string().optional(),
        })
        .refine(
          (item) =>
            item.problem === undefined
              ? item.task !== undefined && item.problem_id !== undefined
              : item.task === undefined && item.problem_id === undefined,
          'each item gives task and problem_id, or a problem of its own (not both)',
        ),
    )
    .min(1)
    .max(1024),
});

/** `POST /get_reward`, OpenRLHF's remote reward model request: `{query, prompts, labels}`. */
export const rewardRequest = z
  .object({
    query: z.array(z.string()).min(1).max(1024),
    prompts: z.array(z.string()),
    labels: z.array(z.string()),
  })
  .refine((r) => r.prompts.length === r.query.length && r.labels.length === r.query.length, {
    message: 'query, prompts and labels must have the same length',
  });
export type RewardRequest = z.infer<typeof rewardRequest>;

const labelObject = z.object({
  task: z.string().min(1),
  problem_id: z.string().min(1),
  mode: z.enum(['completion', 'chat']).default('completion'),
});

/**
 * What each query asks to judge. A label is `task:problem_id` (split at the first colon, e.g.
 * `humaneval:HumanEval/0`), or JSON `{"task", "problem_id", "mode"}`. The completion is the query
 * minus its prompt; `mode` 'completion' (default) post-processes it as the task does for
 * completion models (cut at its stops, prompt + cut text), 'chat' extracts the code from a reply.
 *
 * @returns the items, or the message saying which query does not fit (a 400)
 */
export function rewardItems(request: RewardRequest): JudgeItem[] | string {
  const items: JudgeItem[] = [];
  for (const [i, query] of request.query.entries()) {
    const prompt = request.prompts[i]!;
    if (!query.startsWith(prompt)) return `query ${i} does not start with its prompt`;
    const label = parseLabel(request.labels[i]!);
    if (typeof label === 'string') return `label ${i}: ${label}`;
    const text = query.slice(prompt.length);
    const { task, problem_id } = label;
    items.push(
      label.mode === 'chat'
        ? { task, problem_id, reply: text }
        : { task, problem_id, completion: text },
    );
  }
  return items;
}

function parseLabel(label: string): z.infer<typeof labelObject> | string {
  if (label.trimStart().startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(label);
    } catch {
      return 'not valid JSON';
    }
    const parsed = labelObject.safeParse(json);
    return parsed.success ? parsed.data : z.prettifyError(parsed.error).replaceAll('\n', ' ');
  }
  const colon = label.indexOf(':');
  if (colon <= 0 || colon === label.length - 1) {
    return `'${label}' is neither task:problem_id nor a JSON object`;
  }
  return { task: label.slice(0, colon), problem_id: label.slice(colon + 1), mode: 'completion' };
}
