import { mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

const V1_MEMORY_ROOT = '/sys/fs/cgroup/memory';
const RMDIR_TRIES = 20;
const RMDIR_PAUSE_MS = 100;
/** Names skipped past groups a killed process of the same pid left behind. */
const STALE_TRIES = 10_000;
/** Shared by every sandbox of this process, so no two launches get the same name. */
let made = 0;

/**
 * Per-slot memory cgroups (cgroup v1 `memory` controller), made under passk's own cgroup so they
 * stay inside whatever limit passk itself runs under. Each worker launch gets a fresh one; the
 * worker's forked children join it (the worker stays outside), so memfd, SysV/POSIX shared memory,
 * tmpfs files and the kernel memory of their inodes count against the program's memory limit.
 * Available as root on a machine with the v1 memory controller; `detect()` says whether it is.
 */
export class MemoryCgroups {
  private readonly live = new Set<string>();

  private constructor(private readonly base: string) {}

  /** The cgroup v1 memory hierarchy passk can create groups in, or undefined (then: no cgroup). */
  static detect(): MemoryCgroups | undefined {
    if (process.getuid?.() !== 0) return undefined;
    try {
      const line = readFileSync('/proc/self/cgroup', 'utf8')
        .split('\n')
        .find((entry) => /^\d+:([^:]*,)?memory(,[^:]*)?:/.test(entry));
      if (!line) return undefined;
      const own = line.slice(line.indexOf(':', line.indexOf(':') + 1) + 1);
      const base = join(V1_MEMORY_ROOT, own, `passk-${process.pid}`);
      mkdirSync(base, { recursive: true });
      readFileSync(join(base, 'memory.limit_in_bytes'), 'utf8');
      return new MemoryCgroups(base);
    } catch {
      return undefined;
    }
  }

  /** A fresh, empty cgroup for one worker launch (its limit is set by the worker per step). */
  create(label: string): string {
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
