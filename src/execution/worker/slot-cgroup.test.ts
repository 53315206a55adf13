/**
 * The worker's side of the slot cgroup (slot_hygiene.Cgroup) against fake group dirs: which files
 * it writes for each hierarchy, and that it reads OOM kills from each one's events file (v2's
 * memory.events, v1's memory.oom_control). The kernel's side: test/security/*cgroup*.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/helpers/cli.js';
import { pythonSupportDir } from '../languages/kit/worker-host.js';

let group: string;
beforeEach(() => {
  group = mkdtempSync(join(tmpdir(), 'passk-fake-slot-'));
});
afterEach(() => rmSync(group, { recursive: true, force: true }));

function drive(files: Record<string, string>): unknown {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(group, name), text);
  const script = join(repoRoot, 'test/fixtures/slot-cgroup/drive_cgroup.py');
  const out = execFileSync('/usr/bin/python3', ['-I', '-S', script, pythonSupportDir(), group], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

const read = (name: string) => readFileSync(join(group, name), 'utf8');

describe('slot_hygiene.Cgroup', () => {
  it('v2: writes memory.max and pids.max, counts kills in memory.events', () => {
    const seen = drive({
      'cgroup.procs': '',
      // written in place, as cgroupfs takes a write: the fake starts empty, so it shows the value
      'memory.max': '',
      'pids.max': '',
      'memory.events': 'low 0\nhigh 0\nmax 4\noom 2\noom_kill 2\noom_group_kill 0\n',
    });
    expect(seen).toEqual({ v2: true, killedBefore: false, killedAfter: true, again: false });
    expect(read('memory.max')).toBe(String(512 << 20));
    expect(read('pids.max')).toBe('64');
  });

  it('v1: writes memory.limit_in_bytes only, counts kills in memory.oom_control', () => {
    const seen = drive({
      'cgroup.procs': '',
      'memory.limit_in_bytes': '',
      'memory.oom_control': 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n',
    });
    expect(seen).toEqual({ v2: false, killedBefore: false, killedAfter: true, again: false });
    expect(read('memory.limit_in_bytes')).toBe(String(512 << 20));
  });
});
