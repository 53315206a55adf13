import { type Family, familyOf } from '../family.js';
import { multiplEDifferences } from '../multipl-e/family.js';
import type { Task } from '../types.js';
import { aliasOf, BIGCODE_ALIASES } from './bigcode-names.js';

/** bigcode-evaluation-harness's names for passk tasks (see bigcode-names.ts). */
const loaders = familyOf(
  'bigcode',
  Object.fromEntries(
    Object.entries(BIGCODE_ALIASES).map(([alias, target]) => [
      alias,
      async (): Promise<Task> => {
        const { tasks } = await import('../index.js');
        return aliasOf(await tasks.get(target), alias);
      },
    ]),
  ),
);
/** Every alias is a MultiPL-E task (bigcode's other names are passk's own). */
export const family: Family = { ...loaders, differences: multiplEDifferences };
