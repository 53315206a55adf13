import type { BackendStats } from '../models/types.js';
import type { GenerationResult } from './generate.js';
import type { SessionSummary } from './metadata.js';

/** Sums per-cause tables. */
function addInto(target: Record<string, number>, source: Record<string, number> | undefined): void {
  for (const [key, count] of Object.entries(source ?? {})) target[key] = (target[key] ?? 0) + count;
}

/** Backend counters summed over every session of the run (a resumed run has several). */
export function backendTotals(sessions: readonly SessionSummary[]): BackendStats {
  const totals: BackendStats = { attempts: 0, retries: {}, gaveUp: {}, fallbacks: {} };
  const replicas = new Map<string, { url: string; requests: number; breakerOpened: number }>();
  for (const session of sessions) {
    const stats = session.backend;
    if (stats === undefined) continue;
    totals.attempts += stats.attempts;
    addInto(totals.retries, stats.retries);
    addInto(totals.gaveUp, stats.gaveUp);
    addInto(totals.fallbacks, stats.fallbacks);
    for (const replica of stats.replicas ?? []) {
      const sum = replicas.get(replica.url) ?? { url: replica.url, requests: 0, breakerOpened: 0 };
      sum.requests += replica.requests;
      sum.breakerOpened += replica.breakerOpened;
      replicas.set(replica.url, sum);
    }
  }
  return replicas.size === 0 ? totals : { ...totals, replicas: [...replicas.values()] };
}

/**
 * run.json's `generation`: what it took to get the samples. `failed_samples` were not scored
 * (left out of n); retries are by cause; `finish_reasons.length` counts samples cut at
 * --max-new-tokens.
 */
export function generationRunInfo(generation: GenerationResult): Record<string, unknown> {
  const { metadata } = generation;
  const backend = backendTotals(metadata.sessions);
  return {
    samples: metadata.totals.samples,
    failed_samples: generation.failedSamples,
    finish_reasons: metadata.totals.finishReasons,
    reasoning_tokens: metadata.totals.reasoningTokens,
    attempts: backend.attempts,
    retries: backend.retries,
    retries_total: Object.values(backend.retries).reduce((sum, n) => sum + n, 0),
    gave_up: backend.gaveUp,
    fallbacks: backend.fallbacks,
    ...(backend.replicas === undefined ? {} : { replicas: backend.replicas }),
    sessions: metadata.sessions.length,
    ...(metadata.label === undefined ? {} : { label: metadata.label }),
  };
}

/** One line for the terminal: retries by cause, fallbacks, dead replicas, length cut-offs. */
export function formatGenerationCounters(generation: GenerationResult): string | undefined {
  const backend = backendTotals(generation.metadata.sessions.slice(-1));
  const parts: string[] = [];
  const table = (name: string, t: Record<string, number>) => {
    const entries = Object.entries(t);
    if (entries.length === 0) return;
    const total = entries.reduce((sum, [, n]) => sum + n, 0);
    parts.push(`${name}: ${total} (${entries.map(([k, n]) => `${k} ${n}`).join(', ')})`);
  };
  table('retries', backend.retries);
  table('gave up', backend.gaveUp);
  table('fallbacks', backend.fallbacks);
  const dead = (backend.replicas ?? []).filter((r) => r.breakerOpened > 0);
  if (dead.length > 0) {
    parts.push(`failing replicas: ${dead.map((r) => `${r.url} (${r.breakerOpened}x)`).join(', ')}`);
  }
  const length = generation.metadata.totals.finishReasons['length'] ?? 0;
  if (length > 0) parts.push(`${length} samples cut at --max-new-tokens`);
  return parts.length === 0 ? undefined : parts.join('; ');
}

/**
 * The share of finished samples ending with finish_reason `length` (cut at --max-new-tokens)
 * above which a run warns: most answers cut short is a limit set too low for the task, not the
 * model's doing, and its score says little.
 */
export const LENGTH_CUT_WARNING_SHARE = 0.5;

/** The warning for a run whose answers mostly hit the token limit, or undefined. */
export function lengthCutWarning(generation: GenerationResult): string | undefined {
  const reasons = generation.metadata.totals.finishReasons;
  const total = Object.values(reasons).reduce((sum, n) => sum + n, 0);
  const cut = reasons['length'] ?? 0;
  if (total === 0 || cut / total <= LENGTH_CUT_WARNING_SHARE) return undefined;
  const limit = generation.metadata.fingerprint.maxNewTokens;
  const share = Math.round((100 * cut) / total);
  return `${cut} of ${total} answers (${share} %) ended at the token limit (finish_reason length): they are probably cut short; raise --max-new-tokens (${limit} in this run)`;
}
