import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Toolchain } from '../languages/kit/types.js';
import { allocateUids, cleanEnv, commandDir } from './common.js';
import type { Sandbox } from './types.js';
import { WorkerSlot } from './worker-slot.js';

/**
 * Warm fork-server workers without namespaces: the same per-program limits, scratch dirs, uid
 * drop (as root) and leftover killing as 'bwrap', but programs see the host's files and network.
 * Only used when the user asks for it (`--sandbox process`); isolation 'process'.
 */
export function createProcessSandbox(runtime: Toolchain, workers: number): Sandbox {
  const { workerArgv } = runtime;
  const uids = allocateUids(workers);
  const scratchRoot = mkdtempSync(join(tmpdir(), 'passk-workers-'));
  chmodSync(scratchRoot, 0o711); // programs (another uid) may pass through to their own dirs
  const bin = commandDir(runtime, scratchRoot);

  const slots: WorkerSlot[] = [];
  return {
    name: 'process',
    isolation: 'process',
    createSlot(index) {
      const uid = uids?.[index];
      const argv = workerArgv({
        scratchDir: scratchRoot,
        pidNamespace: false,
        ...(uid === undefined ? {} : { uid }),
        ...(runtime.artifactsDir ? { artifactsDir: runtime.artifactsDir } : {}),
      });
      const launch = {
        argv,
        env: cleanEnv(scratchRoot, bin),
        cwd: scratchRoot,
        ...(uid === undefined ? {} : { reapUid: uid }),
      };
      const slot = new WorkerSlot(async () => launch, `process[${index}]`);
      slots.push(slot);
      return slot;
    },
    async close() {
      await Promise.all(slots.map((slot) => slot.close()));
      rmSync(scratchRoot, { recursive: true, force: true });
    },
  };
}
