import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ResultsFileError } from '../../core/errors.js';
import { JsonlSyntaxError, parseJsonl } from '../../datasets/jsonl.js';
import type { VerdictStatus } from '../../execution/types.js';
import type { ResultRecord } from '../records.js';
import { writeFileDurably } from './durable-write.js';
import { completeLines, type JsonlAppender, openJsonlAppender } from './jsonl-appender.js';

/**
 * Every VerdictStatus, at run time. Written as a Record so the compiler rejects the list both
 * when a status is added to the union and missing here, and when one here does not exist.
 */
const STATUSES: Record<VerdictStatus, true> = {
  passed: true,
  failed: true,
  error: true,
  timeout: true,
  memory: true,
  killed: true,
  'output-limit': true,
  'type-error': true,
  incomplete: true,
  'infra-error': true,
};
export const VERDICT_STATUSES = Object.keys(STATUSES) as VerdictStatus[];

const rerunSchema = z.object({
  reason: z.string(),
  first_status: z.enum(VERDICT_STATUSES),
  first_duration_ms: z.number().nonnegative(),
  first_cpu_ms: z.number().nonnegative().exactOptional(),
});

const judgeSchema = z.enum(['outside', 'in-process']);

const resultSchema = z.object({
  task_id: z.string(),
  sample: z.number().int().nonnegative(),
  program_hash: z.string(),
  status: z.enum(VERDICT_STATUSES),
  error_type: z.string().exactOptional(),
  message: z.string().exactOptional(),
  duration_ms: z.number().nonnegative(),
  cpu_ms: z.number().nonnegative().exactOptional(),
  rerun: rerunSchema.exactOptional(),
  tamper: z.string().exactOptional(),
  traceback: z.string().exactOptional(),
  judge: judgeSchema.exactOptional(),
  judge_fallback: z.string().exactOptional(),
  suites: z
    .record(
      z.string(),
      z.object({
        status: z.enum(VERDICT_STATUSES),
        error_type: z.string().exactOptional(),
        message: z.string().exactOptional(),
        duration_ms: z.number().nonnegative(),
        program_hash: z.string(),
        rerun: rerunSchema.exactOptional(),
        tamper: z.string().exactOptional(),
        judge: judgeSchema.exactOptional(),
        judge_fallback: z.string().exactOptional(),
      }),
    )
    .exactOptional(),
}) satisfies z.ZodType<ResultRecord>;

/** Opens results.jsonl for appending one verdict per line (see openJsonlAppender). */
export function openResultsWriter(file: string): Promise<JsonlAppender<ResultRecord>> {
  return openJsonlAppender<ResultRecord>(file);
}

/** Writes a whole results.jsonl at once, replacing the file (for finished runs and exports). */
export async function writeResults(file: string, results: readonly ResultRecord[]): Promise<void> {
  await writeFileDurably(file, results.map((result) => `${JSON.stringify(result)}\n`).join(''));
}

/**
 * Reads results.jsonl in file order. A missing file reads as no results (nothing run yet), and
 * a torn last line without its newline (a crash mid-append) is ignored. A (task_id, sample) may
 * appear more than once if a run re-executed it; the caller decides which line wins.
 *
 * @throws ResultsFileError (PASSK_RESULTS) naming file:line and the field of a bad line
 */
export async function readResults(file: string): Promise<ResultRecord[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw resultsError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code})`, error);
  }
  let records: ReturnType<typeof parseJsonl>;
  try {
    records = parseJsonl(completeLines(bytes), file);
  } catch (error) {
    if (error instanceof JsonlSyntaxError) throw resultsError(error.message, error);
    throw error;
  }
  return records.map(({ line, value }) => {
    const parsed = resultSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '(line)';
    throw resultsError(
      `${file}:${line}: field ${field}: ${issue?.message ?? 'invalid'}`,
      parsed.error,
    );
  });
}

function resultsError(message: string, cause: unknown): ResultsFileError {
  return new ResultsFileError(message, {
    hint: 'results.jsonl is written by passk; delete the damaged line (or the file, to re-run every sample)',
    cause,
  });
}
