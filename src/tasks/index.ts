import { createRegistry } from '../core/registry.js';
import { aliasOf, BIGCODE_ALIASES, unstrippedOf } from './bigcode-names.js';
import type { Task } from './types.js';

/** Builtin benchmarks, loaded on first use. */
export const tasks = createRegistry<Task>('task');
tasks.register('humaneval', async () => (await import('./humaneval.js')).humaneval);
tasks.register(
  'humaneval-unstripped',
  async () => (await import('./humaneval.js')).humanevalUnstripped,
);
tasks.register('mbpp', async () => (await import('./mbpp.js')).mbpp);
tasks.register('humanevalplus', async () => (await import('./humanevalplus.js')).humanevalplus);
tasks.register('humanevalplus-unstripped', async () =>
  unstrippedOf((await import('./humanevalplus.js')).humanevalplus, 'humanevalplus-unstripped'),
);
tasks.register('mbppplus', async () => (await import('./mbppplus.js')).mbppplus);
tasks.register(
  'humaneval-instruct',
  async () => (await import('./instruct/humaneval-instruct.js')).humanevalInstruct,
);
tasks.register(
  'mbpp-instruct',
  async () => (await import('./instruct/mbpp-instruct.js')).mbppInstruct,
);

// bigcode-evaluation-harness's instruction protocol (instruction, then context), default tokens.
for (const withContext of [true, false]) {
  tasks.register(withContext ? 'instruct-humaneval' : 'instruct-humaneval-nocontext', async () =>
    (await import('./instruct/bigcode-instruct.js')).bigcodeInstructHumanEval({ withContext }),
  );
}

// Multi-language HumanEval: HumanEval-X (with canonical solutions) and MultiPL-E (tests only).
for (const dir of ['cpp', 'go', 'java', 'js', 'rust'] as const) {
  tasks.register(`humaneval-x-${dir}`, async () =>
    (await import('./humaneval-x.js')).humanEvalX(dir),
  );
}
for (const suffix of ['cpp', 'java', 'js', 'ts', 'go', 'rs', 'sh'] as const) {
  tasks.register(`multipl-e-${suffix}`, async () =>
    (await import('./multipl-e.js')).multiplE(suffix),
  );
}

// bigcode-evaluation-harness's names (see bigcode-names.ts).
for (const [alias, target] of Object.entries(BIGCODE_ALIASES)) {
  tasks.register(alias, async () => aliasOf(await tasks.get(target), alias));
}

export type { Problem, Task } from './types.js';
export { defineTask } from './types.js';
