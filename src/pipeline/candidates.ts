import { stat } from 'node:fs/promises';
import { GenerationsError } from '../core/errors.js';
import { JOURNAL_FILE, readSavedGenerations } from '../generation/index.js';
import { programFromReply } from '../generation/reply-program.js';
import {
  type BenchmarkPositions,
  type CompletionReader,
  isSamplesFolder,
  readGenerationsFile,
} from '../store/formats/index.js';
import type { GenerationRecord } from '../store/records.js';
import type { Problem, Task } from '../tasks/types.js';

/** Where the programs to evaluate come from. */
export type CandidateSource =
  /** The benchmark's canonical solutions, one per problem: the sanity check to run first. */
  | { kind: 'reference' }
  /** A bigcode generations.json or a human-eval / EvalPlus samples.jsonl. */
  | {
      kind: 'file';
      path: string;
      allowMissing?: boolean;
      /**
       * Use the first n samples of each problem. Without it, every sample in the file is used;
       * a problem with fewer than n samples is an error, never a silently smaller n.
       */
      nSamples?: number;
      /** Where the selection sits in the benchmark (bigcode files match problems by position). */
      positions?: BenchmarkPositions;
    }
  /** Records already in memory (e.g. fresh from a model backend). */
  | { kind: 'records'; records: GenerationRecord[] };

export interface Candidates {
  records: GenerationRecord[];
  /** Problems that have at least one sample, in benchmark order. */
  problems: Problem[];
  /** Problems left out because the file had no samples for them (only with allowMissing). */
  missing: string[];
  /** Fewest and most samples any problem has. */
  samplesPerProblem: { min: number; max: number };
  /** What reading the file involved that the user should know; shown as warnings. */
  notes?: string[];
}

export async function loadCandidates(
  task: Task,
  problems: Problem[],
  source: CandidateSource,
): Promise<Candidates> {
  if (source.kind === 'reference') return referenceCandidates(task, problems);
  if (source.kind === 'records') {
    return { records: source.records, problems, missing: [], ...countRange(source.records) };
  }
  // A folder is a passk run directory, unless it holds EvalPlus's or MultiPL-E's samples.
  const runDir = (await isDirectory(source.path)) && !(await isSamplesFolder(source.path));
  const read = runDir
    ? await readRunDirGenerations(source.path, problems, source.allowMissing ?? false)
    : await readGenerationsFile(source.path, problems, {
        allowMissing: source.allowMissing ?? false,
        ...(source.positions === undefined ? {} : { positions: source.positions }),
        ...(source.nSamples === undefined ? {} : { samplesPerProblem: source.nSamples }),
        ...completionReading(task),
      });
  const notes = 'format' in read ? fileNotes(read, source.nSamples) : [];
  const missing = new Set(read.missing);
  const records =
    source.nSamples === undefined
      ? read.records
      : firstSamples(read.records, source.nSamples, source.path);
  return {
    records,
    problems: problems.filter((p) => !missing.has(p.id)),
    missing: read.missing,
    ...countRange(records),
    ...(notes.length === 0 ? {} : { notes }),
  };
}

/** The reader's notes, and bigcode's --n_samples cut unless --n-samples already chose n. */
function fileNotes(
  read: { notes?: string[]; bigcodeSampleCut?: string },
  nSamples: number | undefined,
): string[] {
  const cut = nSamples === undefined ? read.bigcodeSampleCut : undefined;
  return [...(read.notes ?? []), ...(cut === undefined ? [] : [cut])];
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/**
 * The task's reading of a samples.jsonl "completion" row (none: human-eval's), and of a chat
 * reply row (McEval's "raw_generation"): the code extracted as for the task's chat replies.
 */
export function completionReading(task: Task): {
  fromCompletion?: CompletionReader;
  fromReply: CompletionReader;
} {
  const read = task.fromCompletion;
  const fromReply: CompletionReader = (problem, text) => programFromReply(task, problem, text);
  return read === undefined
    ? { fromReply }
    : { fromCompletion: (problem, text) => read(problem, text), fromReply };
}

/** The samples a `passk run --generation-only` saved in its run directory's journal. */
async function readRunDirGenerations(dir: string, problems: Problem[], allowMissing: boolean) {
  const saved = await readSavedGenerations(dir, problems);
  const known = new Set(problems.map((p) => p.id));
  const unknown = [...new Set(saved.records.map((r) => r.problemId))].filter(
    (id) => !known.has(id),
  );
  if (saved.records.length === 0 || unknown.length > 0) {
    throw new GenerationsError(
      saved.records.length === 0
        ? `${dir} has no generated samples (no ${JOURNAL_FILE})`
        : `${dir} has samples for problems this task selection does not have: ${unknown.slice(0, 5).join(', ')}`,
      { hint: 'check --task, --limit and --limit-start against the run that generated them' },
    );
  }
  const present = new Set(saved.records.map((r) => r.problemId));
  const missing = problems.filter((p) => !present.has(p.id)).map((p) => p.id);
  if (missing.length > 0 && !allowMissing) {
    throw new GenerationsError(
      `${dir} has no samples for ${missing.length} selected problems: ${missing.slice(0, 5).join(', ')}`,
      { hint: 'resume the generation, or pass --allow-missing to score only the problems present' },
    );
  }
  return { records: saved.records, missing };
}

function firstSamples(records: GenerationRecord[], n: number, file: string): GenerationRecord[] {
  const { min } = countRange(records).samplesPerProblem;
  if (min < n) {
    throw new GenerationsError(`--n-samples ${n} asks for more samples than ${file} has`, {
      hint: `some problem has only ${min}; drop --n-samples to use every sample in the file`,
    });
  }
  return records.filter((r) => r.sample < n);
}

function countRange(records: readonly GenerationRecord[]): Pick<Candidates, 'samplesPerProblem'> {
  const perProblem = new Map<string, number>();
  for (const r of records) perProblem.set(r.problemId, (perProblem.get(r.problemId) ?? 0) + 1);
  const counts = [...perProblem.values()];
  return {
    samplesPerProblem: {
      min: counts.length === 0 ? 0 : Math.min(...counts),
      max: counts.length === 0 ? 0 : Math.max(...counts),
    },
  };
}

function referenceCandidates(task: Task, all: Problem[]): Candidates {
  // A task may say why a problem's reference cannot run here (meta.referenceUnavailable, e.g.
  // a crate nothing can fetch offline): that problem is left out as missing, with a note.
  const unavailable = all.filter(
    (p) => p.reference === undefined && p.meta['referenceUnavailable'],
  );
  const problems = all.filter((p) => !unavailable.includes(p));
  const notes = unavailable.map(
    (p) => `${p.id}: no runnable reference (${String(p.meta['referenceUnavailable'])})`,
  );
  const records = problems.map((problem): GenerationRecord => {
    if (problem.reference === undefined) {
      throw new GenerationsError(
        `task '${task.name}' has no reference solution for problem ${problem.id}`,
      );
    }
    return { problemId: problem.id, sample: 0, program: problem.reference };
  });
  const missing = unavailable.map((p) => p.id);
  return {
    records,
    problems,
    missing,
    samplesPerProblem: { min: 1, max: 1 },
    ...(notes.length > 0 ? { notes } : {}),
  };
}
