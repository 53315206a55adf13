import { mkdirSync, rmdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { slotCgroups } from './cgroup-detect.js';

const cgroups = slotCgroups();
afterAll(() => cgroups?.close());

describe.skipIf(cgroups === undefined)('SlotCgroups (the hierarchy this machine has)', () => {
  it('skips past groups a killed process with the same pid left behind', async () => {
    const groups = cgroups!;
    const first = groups.create('stale-test');
    const base = dirname(first);
    const next = Number(basename(first).split('-').at(-1));
    // What a passk killed with SIGKILL leaves: its groups, under the pid a new process reuses.
    const stale = [1, 2].map((step) => join(base, `stale-test-${next + step}`));
    for (const dir of stale) mkdirSync(dir);
    try {
      const fresh = groups.create('stale-test');
      expect(stale).not.toContain(fresh);
      expect(basename(fresh)).toBe(`stale-test-${next + 3}`);
      await groups.release(fresh);
    } finally {
      for (const dir of stale) rmdirSync(dir);
      await groups.release(first);
    }
  });
});
