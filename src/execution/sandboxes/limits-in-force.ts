import type { LimitEnforcement, LimitsInForce } from '../types.js';
import type { SlotCgroups } from './cgroup.js';

const RLIMIT_MEMORY: LimitEnforcement = { via: 'rlimit', how: 'RLIMIT_AS per program' };
const RLIMIT_PROCESSES: LimitEnforcement = {
  via: 'rlimit',
  how: 'RLIMIT_NPROC (counted per uid: as root, each slot runs its programs as a uid of its own)',
};
/**
 * CPU is limited in CPU seconds, which cpu.max cannot do (it caps a rate: a program would only run
 * slower and end at the wall clock instead of at its CPU budget), so no cgroup takes part.
 */
const CPU: LimitEnforcement = { via: 'rlimit', how: 'RLIMIT_CPU + wall-clock kill' };

/** What a sandbox without slot cgroups enforces (process, subprocess, or bwrap without cgroups). */
export function rlimitsOnly(notes: string[] = []): LimitsInForce {
  return { memory: RLIMIT_MEMORY, processes: RLIMIT_PROCESSES, cpu: CPU, notes };
}

/** The limits in force for a bwrap sandbox with `cgroups` (or none), and detection's notes. */
export function limitsInForce(cgroups: SlotCgroups | undefined, notes: string[]): LimitsInForce {
  if (cgroups === undefined) return rlimitsOnly(notes);
  if (cgroups.version === 'v1') {
    return {
      ...rlimitsOnly(notes),
      memory: { via: 'cgroup-v1', how: 'memory.limit_in_bytes per slot + RLIMIT_AS' },
    };
  }
  return {
    memory: {
      via: 'cgroup-v2',
      how: 'memory.max per slot (memory.swap.max 0, memory.oom.group 1) + RLIMIT_AS',
    },
    processes: cgroups.pids
      ? { via: 'cgroup-v2', how: 'pids.max per slot + RLIMIT_NPROC' }
      : RLIMIT_PROCESSES,
    cpu: CPU,
    notes,
  };
}
