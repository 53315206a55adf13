import { join } from 'node:path';
import type { Problem } from '../tasks/types.js';
import { JOURNAL_FILE, readJournal } from './journal.js';
import { type GenerationMetadata, readMetadata } from './metadata.js';
import { standingRecords } from './plan.js';
import type { SampleRecord } from './types.js';

export interface SavedGenerations {
  /**
   * The standing record per (problem, sample), samples ascending; problems in the order given,
   * else in the order the journal first mentions them.
   */
  records: SampleRecord[];
  /** generation.json, when the run wrote one. */
  metadata: GenerationMetadata | undefined;
  /** The journal ended in a torn line (the generating process was killed mid-write). */
  tornTail: boolean;
}

/**
 * Reads what a run directory's generation produced, without generating anything: for
 * evaluating a `--generation-only` run later. Failed samples are included (with `error`).
 */
export async function readSavedGenerations(
  runDir: string,
  problems?: readonly Problem[],
): Promise<SavedGenerations> {
  const journal = await readJournal(join(runDir, JOURNAL_FILE));
  const standing = standingRecords(journal.records);
  const order = new Map<string, number>(problems?.map((p, i) => [p.id, i]));
  for (const record of journal.records) {
    if (!order.has(record.problemId)) order.set(record.problemId, order.size);
  }
  const records = [...standing.values()].sort(
    (a, b) => order.get(a.problemId)! - order.get(b.problemId)! || a.sample - b.sample,
  );
  return { records, metadata: await readMetadata(runDir), tornTail: journal.tornTail };
}
