import type { DatasetSpec } from '../../datasets/types.js';

/** The McEval commit every task's data is pinned to. */
const REVISION = '09dec129dd5756447227239b3e5b47e543c2e0fd';

/** McEval's `data/<dataName>.jsonl` at the pinned commit (`mceval/` in a local data folder). */
export function mcevalDataset(dataName: string, sha256: string): DatasetSpec {
  const file = `${dataName}.jsonl`;
  return {
    hub: {
      host: 'github',
      repo: 'MCEVAL/McEval',
      revision: REVISION,
      path: `data/${file}`,
      sha256,
    },
    localFile: `mceval/${file}`,
  };
}
