import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { BackendProvenance, BackendStats } from '../models/types.js';
import { replaceFile } from '../store/formats/durable-write.js';
import { JOURNAL_FILE } from './journal.js';
import type { SampleRecord } from './types.js';

export const METADATA_FILE = 'generation.json';

/**
 * Settings that must not change between the sessions of one run, because they change what is
 * sampled. n may grow; how samples are grouped into requests may change (each record keeps
 * the seed it was drawn with).
 */
export interface GenerationFingerprint {
  task: string;
  backend: string;
  promptKind: string;
  systemPrompt: string | null;
  temperature: number;
  topP: number;
  maxNewTokens: number;
  seed: number;
  stop: readonly string[];
}

/** One process's share of the work (a resumed run has several). */
export interface SessionSummary {
  startedAt: string;
  wallTimeMs: number;
  samples: number;
  requests: number;
  tokensOut: number;
  interrupted: boolean;
  /** Retries by cause, requests given up, fallbacks, per-replica requests and breaker openings. */
  backend?: BackendStats;
}

/** Failures grouped per problem and cause, e.g. every sample of a prompt that overflows. */
export interface FailureSummary {
  problemId: string;
  kind: string;
  message: string;
  samples: number[];
}

/** generation.json: everything needed to say where the samples came from and at what cost. */
export interface GenerationMetadata {
  fingerprint: GenerationFingerprint;
  provenance: BackendProvenance;
  nSamples: number;
  problems: number;
  /** sha256 of the (problem id, prompt) pairs sent; see prompts.ts. */
  promptsHash: string;
  sessions: SessionSummary[];
  /** `--label`: the user's name for this run (kept across resumes). */
  label?: string;
  totals: {
    samples: number;
    failedSamples: number;
    /** Prompt tokens counted once per sample (with server-side n the server saw fewer). */
    promptTokens: number;
    tokensOut: number;
    samplesStoppedEarly: number;
    /** Samples by finish reason (`length` = cut at --max-new-tokens). */
    finishReasons: Record<string, number>;
    /** Reasoning tokens (reasoning_content, `<think>` blocks), part of tokensOut. */
    reasoningTokens: number;
    /** Estimated tokens saved by per-sample early stopping (an upper bound). */
    tokensSaved: number;
    requests: number;
    wallTimeMs: number;
    /** Generated tokens per second of wall time, over all sessions. */
    tokensPerSecond: number;
  };
  failures: FailureSummary[];
  /** Every (problem, sample) pair has a settled record. */
  complete: boolean;
}

/**
 * The run's generation.json, or undefined when it has none.
 *
 * @throws ConfigError naming the file when it is not JSON (a damaged copy; the samples are in the journal)
 */
export async function readMetadata(runDir: string): Promise<GenerationMetadata | undefined> {
  const file = join(runDir, METADATA_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as GenerationMetadata;
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON (${(error as Error).message})`, {
      hint: `restore it, or delete it: the samples are in ${JOURNAL_FILE}, and the next --resume writes a new one`,
      cause: error,
    });
  }
}

/** Written to a temporary file and renamed, so a kill never leaves half a generation.json. */
export async function writeMetadata(runDir: string, metadata: GenerationMetadata): Promise<void> {
  const path = join(runDir, METADATA_FILE);
  await replaceFile(path, `${JSON.stringify(metadata, null, 2)}\n`);
}

/** Throws ConfigError when a resumed run would mix samples drawn under different settings. */
export function checkFingerprint(
  previous: GenerationFingerprint,
  current: GenerationFingerprint,
): void {
  const differing = (Object.keys(current) as (keyof GenerationFingerprint)[]).filter(
    (key) => JSON.stringify(previous[key]) !== JSON.stringify(current[key]),
  );
  if (differing.length === 0) return;
  const detail = differing.map(
    (key) => `${key}: ${JSON.stringify(previous[key])} → ${JSON.stringify(current[key])}`,
  );
  throw new ConfigError(
    `this run directory was generated with other settings (${detail.join('; ')})`,
    {
      hint: 'resume with the same settings, or start a new run directory',
    },
  );
}

/** Totals and failures over the records that stand for the run's pairs, plus session tallies. */
export function summarize(
  records: readonly SampleRecord[],
  sessions: readonly SessionSummary[],
): Pick<GenerationMetadata, 'totals' | 'failures'> {
  const failures = new Map<string, FailureSummary>();
  let promptTokens = 0;
  let tokensOut = 0;
  let tokensSaved = 0;
  let samplesStoppedEarly = 0;
  let reasoningTokens = 0;
  const finishReasons: Record<string, number> = {};
  for (const record of records) {
    promptTokens += record.tokensIn ?? 0;
    reasoningTokens += record.reasoningTokens ?? 0;
    if (record.finishReason !== undefined) {
      finishReasons[record.finishReason] = (finishReasons[record.finishReason] ?? 0) + 1;
    }
    tokensOut += record.tokensOut ?? 0;
    tokensSaved += record.tokensSaved ?? 0;
    if (record.stoppedEarlyBy !== undefined) samplesStoppedEarly++;
    if (!record.error) continue;
    const key = `${record.problemId}\0${record.error.kind}`;
    const summary = failures.get(key) ?? {
      problemId: record.problemId,
      ...record.error,
      samples: [],
    };
    summary.samples.push(record.sample);
    failures.set(key, summary);
  }
  const wallTimeMs = sessions.reduce((sum, s) => sum + s.wallTimeMs, 0);
  const sessionTokens = sessions.reduce((sum, s) => sum + s.tokensOut, 0);
  return {
    totals: {
      samples: records.length,
      failedSamples: [...failures.values()].reduce((sum, f) => sum + f.samples.length, 0),
      promptTokens,
      tokensOut,
      samplesStoppedEarly,
      finishReasons,
      reasoningTokens,
      tokensSaved,
      requests: sessions.reduce((sum, s) => sum + s.requests, 0),
      wallTimeMs,
      tokensPerSecond: wallTimeMs > 0 ? (sessionTokens * 1000) / wallTimeMs : 0,
    },
    failures: [...failures.values()],
  };
}

/**
 * Throws ConfigError when a resumed run's server now serves another model than the one the run
 * started with (GET /models), which would mix two models' samples in one score.
 */
export function checkServedModel(
  previous: BackendProvenance | undefined,
  current: BackendProvenance,
): void {
  const before = previous?.servedModel ?? previous?.serverModel;
  const now = current.servedModel;
  if (before === undefined || now === undefined || before === now) return;
  throw new ConfigError(
    `this run was generated with model '${before}', but the server now serves '${now}'`,
    {
      hint: `serve '${before}' again to resume, or start a new run directory for '${now}'`,
    },
  );
}
