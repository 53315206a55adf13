import { availableParallelism } from 'node:os';
import type { Language } from './types.js';

/** Slots per core of the plain Python engine when `--workers` is not given (see defaultSlots). */
export const PYTHON_SLOTS_PER_CORE = 2;

/** What decides an engine's default number of slots. */
export interface SlotKind {
  language: Language;
  /** Whether the engine runs a task's library environment (BigCodeBench, DS-1000…). */
  environment: boolean;
  /** Whether the sandbox keeps warm workers (bwrap, process), not a fresh interpreter per program. */
  warm: boolean;
}

/**
 * How many programs an engine runs at once when `--workers` is not given. The plain Python
 * engine on warm workers gets two slots per core: its programs are short, and each slot's cycle is
 * a chain of hand-offs (passk → worker → forked child → worker → passk) that each wait for a CPU
 * on a busy machine, so with one slot per core the cores idle between them. Its limits are per
 * program and judged on the program's own time, so the extra slots move no verdict. Measured in
 * docs/benchmarks.md ("Slots per core"): on 2 cores shared with other work, 4 slots ran 1,640
 * programs 1.1–1.4× faster than 2; on a quieter machine, within a few per cent. Every other engine
 * gets one per core: compilers and JVMs are multi-threaded and memory-heavy (a JVM's own threads
 * even cancel the wait its own-time clock credits), library tasks' programs are long and large.
 */
export function defaultSlots(kind: SlotKind, cores = availableParallelism()): number {
  const plainPython = kind.language === 'python' && !kind.environment && kind.warm;
  return plainPython ? PYTHON_SLOTS_PER_CORE * cores : cores;
}
