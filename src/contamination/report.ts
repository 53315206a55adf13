import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError } from '../core/errors.js';
import { PASSK_VERSION } from '../core/version.js';
import type { ScanResult } from './scan.js';
import { TOKENIZER } from './tokenize.js';

/** contamination.json: what `passk contamination` writes and `--exclude-contaminated` reads. */
export interface ContaminationReport extends ScanResult {
  passk_version: string;
  tokenizer: string;
  task: string;
  dataset: { sha256: string };
}

export function buildReport(
  task: string,
  datasetSha256: string,
  scan: ScanResult,
): ContaminationReport {
  return {
    passk_version: PASSK_VERSION,
    tokenizer: TOKENIZER,
    task,
    dataset: { sha256: datasetSha256 },
    ...scan,
  };
}

/** The fields a reader of contamination.json relies on. */
const reportSchema = z.looseObject({
  task: z.string(),
  dataset: z.looseObject({ sha256: z.string() }),
  ngram: z.number().int().positive(),
  threshold: z.number(),
  flagged: z.array(z.string()),
});

export type ExclusionList = z.infer<typeof reportSchema>;

/**
 * Reads a contamination.json for `--exclude-contaminated`.
 *
 * @throws ConfigError when the file is missing, not JSON, or not a passk contamination report
 */
export async function readContaminationFile(file: string): Promise<ExclusionList> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `--exclude-contaminated ${file}: cannot read it (${(error as Error).message})`,
      {
        hint: 'give the contamination.json written by `passk contamination`',
      },
    );
  }
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || '(root)';
    throw new ConfigError(
      `--exclude-contaminated ${file}: not a contamination report (field ${field})`,
    );
  }
  return parsed.data;
}

/**
 * Drops the report's flagged problems from a selection, for scoring without them.
 *
 * @param datasetSha256 the sha256 of the dataset being scored: ids only mean the same problems
 *   in the same dataset file, so a report made on another file is refused
 * @returns the kept problems (in order) and the ids excluded (those of the selection only)
 * @throws ConfigError when the report was made on a different dataset file
 */
export function excludeProblems<T extends { id: string }>(
  problems: readonly T[],
  report: ExclusionList,
  datasetSha256: string,
): { kept: T[]; excluded: string[] } {
  if (report.dataset.sha256 !== datasetSha256) {
    throw new ConfigError(
      `the contamination report was made on another dataset file (sha256 ${report.dataset.sha256.slice(0, 12)}…, this one is ${datasetSha256.slice(0, 12)}…)`,
      { hint: `re-run passk contamination --task ${report.task} on this dataset` },
    );
  }
  const flagged = new Set(report.flagged);
  return {
    kept: problems.filter((p) => !flagged.has(p.id)),
    excluded: problems.filter((p) => flagged.has(p.id)).map((p) => p.id),
  };
}

/**
 * `--exclude-contaminated FILE`: reads the report and drops its flagged problems (see
 * readContaminationFile and excludeProblems, whose errors it throws).
 */
export async function excludeContaminated<T extends { id: string }>(
  problems: readonly T[],
  file: string,
  datasetSha256: string,
): Promise<{ kept: T[]; excluded: string[] }> {
  return excludeProblems(problems, await readContaminationFile(file), datasetSha256);
}
