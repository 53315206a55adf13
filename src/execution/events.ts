import type { Verdict } from './types.js';

/** What a run reports while it works; reporters (progress bar, logs) listen, never write results. */
export type RunEvent =
  | { type: 'problems-loaded'; task: string; problems: number; file: string; source: string }
  | { type: 'warning'; message: string }
  /** Slow work before the programs run (a task building its tests): one line each. */
  | { type: 'progress'; message: string }
  | { type: 'preflight-start' }
  | {
      type: 'preflight-done';
      canaries: number;
      /** Set when the canaries did not run: when a preflight with the same fingerprint passed. */
      cachedFrom?: string;
    }
  | { type: 'execution-start'; programs: number }
  | { type: 'verdict'; id: string; verdict: Verdict; done: number; total: number; passed: number }
  | { type: 'execution-done'; durationMs: number };

export type RunEventListener = (event: RunEvent) => void;
