import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RMDIR_TRIES = 20;
const RMDIR_PAUSE_MS = 100;
/** Names skipped past groups a killed process of the same pid left behind. */
const STALE_TRIES = 10_000;
/** Shared by every sandbox of this process, so no two launches get the same name. */
let made = 0;

/** Which hierarchy holds the slot groups. */
export type CgroupVersion = 'v2' | 'v1';

/**
 * Per-slot cgroups, made under passk's own cgroup so they stay inside whatever limit passk itself
 * runs under. Each worker launch gets a fresh one; the worker's forked children join it (the
 * worker stays outside, so an OOM kill never takes it), so memfd, SysV/POSIX shared memory, tmpfs
 * files and the kernel memory of their inodes count against the program's memory limit. The
 * worker writes the limits per step (slot_hygiene.Cgroup); `detectSlotCgroups()` (cgroup-detect.ts)
 * says which hierarchy, if any, passk can use here.
 *
 * v1: the `memory` controller only (memory.limit_in_bytes; as root). v2: memory.max with
 * memory.swap.max 0 (swap cannot stretch the limit) and memory.oom.group 1 (an OOM kill takes the
 * whole sample, as one verdict), plus pids.max when the pids controller is delegated too.
 */
export class SlotCgroups {
  private readonly live = new Set<string>();

  constructor(
    readonly version: CgroupVersion,
    /** passk's own parent group (`passk-<pid>`), every slot group is made in it. */
    readonly base: string,
    /** v2 only: the pids controller is enabled for the slot groups (pids.max). */
    readonly pids: boolean,
    /** Makes `base` again when a closed sandbox removed it (v2: with its controllers on). */
    private readonly prepare: (version: CgroupVersion, base: string, pids: boolean) => void,
  ) {}

  /** A fresh, empty cgroup for one worker launch (its limits are set by the worker per step). */
  create(label: string): string {
    this.prepare(this.version, this.base, this.pids);
    // A passk killed with SIGKILL leaves its groups; a later process with its pid finds them.
    for (let tries = 0; ; tries++) {
      const dir = join(this.base, `${label}-${made++}`);
      try {
        mkdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && tries < STALE_TRIES) continue;
        throw error;
      }
      this.live.add(dir);
      if (this.version === 'v2') settleV2(dir);
      return dir;
    }
  }

  /**
   * Removes a cgroup once its processes are gone (they die with their sandbox, but not
   * instantly); its remaining page charges move to the parent.
   */
  async release(dir: string): Promise<void> {
    for (let i = 0; i < RMDIR_TRIES; i++) {
      try {
        rmdirSync(dir);
        this.live.delete(dir);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          this.live.delete(dir);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RMDIR_PAUSE_MS));
      }
    }
  }

  /** Removes every cgroup still here, then passk's own parent group. */
  async close(): Promise<void> {
    await Promise.all([...this.live].map((dir) => this.release(dir)));
    try {
      rmdirSync(this.base);
    } catch {
      // another sandbox of this process still uses it, or a group could not be removed yet
    }
  }
}

/**
 * The fixed v2 settings of a slot group. No swap: else a program past memory.max is swapped out,
 * not killed. oom.group: the kernel kills the whole sample at once, not one process of it.
 * memory.swap.max is absent when the kernel does no swap accounting: then there is nothing to stretch.
 */
function settleV2(dir: string): void {
  if (existsSync(join(dir, 'memory.swap.max'))) writeFileSync(join(dir, 'memory.swap.max'), '0');
  writeFileSync(join(dir, 'memory.oom.group'), '1');
}
