import type { Problem } from '../tasks/types.js';
import { BenchmarkNgrams } from './benchmark-ngrams.js';
import { type CorpusStats, corpusFiles, type DocumentPlace, scanCorpusFile } from './corpus.js';
import { NgramScanner } from './tokenize.js';

export const DEFAULT_NGRAM = 13;
export const DEFAULT_THRESHOLD = 0.5;

export interface ScanOptions {
  /** Tokens per n-gram. Default 13 (as in GPT-3's and Llama's contamination studies). */
  n?: number;
  /** A problem is flagged when its prompt or its solution overlap ratio reaches this. Default 0.5. */
  threshold?: number;
}

/** The longest copied run of one problem's n-grams found in the corpus. */
export interface BestMatch extends DocumentPlace {
  /** Byte offset of the run's first token: in the file (text) or in the field's text (JSONL). */
  offset: number;
  /** Consecutive corpus n-grams that belong to the problem. */
  ngrams: number;
  /** Tokens in the copied span (ngrams + n − 1). */
  tokens: number;
}

export interface ProblemOverlap {
  task_id: string;
  /** Distinct n-grams of the prompt and reference solution. */
  ngrams: number;
  /** Of those, how many occur somewhere in the corpus. */
  found: number;
  /** found / ngrams (0 when the problem is shorter than n tokens). */
  ratio: number;
  /** The same over n-grams made only of prompt tokens. */
  prompt_ratio: number;
  /** The same over n-grams with at least one solution token. */
  solution_ratio: number;
  /** max(prompt_ratio, solution_ratio) ≥ threshold: a copied prompt alone is contamination too. */
  flagged: boolean;
  best: BestMatch | null;
}

export interface ScanResult {
  ngram: number;
  threshold: number;
  corpora: CorpusStats[];
  bytes: number;
  problems: ProblemOverlap[];
  flagged: string[];
}

/**
 * Scans corpus files (or directories of them) for the problems' n-grams and reports, per
 * problem, how much of it occurs and where the longest copied run is. See tokenize.ts for the
 * tokenisation and corpus.ts for the formats; memory is bounded by the benchmark's n-grams plus
 * one chunk (text) or the longest line (JSONL), never the corpus.
 *
 * @throws ConfigError when a corpus path does not exist
 */
export async function scanCorpora(
  problems: readonly Problem[],
  paths: readonly string[],
  options: ScanOptions = {},
): Promise<ScanResult> {
  const n = options.n ?? DEFAULT_NGRAM;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const index = new BenchmarkNgrams(problems, n);
  const found = new Uint8Array(index.size);
  const lastHit = new Float64Array(problems.length).fill(-2);
  const run = new Float64Array(problems.length);
  const runStart: (BestMatch | undefined)[] = [];
  const best: (BestMatch | null)[] = problems.map(() => null);
  let place: DocumentPlace = { file: '' };
  const scanner = new NgramScanner(
    n,
    (key) => {
      const entry = index.lookup(key);
      if (entry < 0) return; // a prefilter false positive
      found[entry] = 1;
      const position = scanner.tokens;
      for (const p of index.owners[entry]!) {
        if (lastHit[p] === position - 1) run[p]!++;
        else {
          run[p] = 1;
          runStart[p] = { ...place, offset: scanner.ngramStart().offset, ngrams: 1, tokens: n };
          if (place.line === undefined) runStart[p]!.line = scanner.ngramStart().line;
        }
        lastHit[p] = position;
        if (run[p]! > (best[p]?.ngrams ?? 0)) {
          best[p] = { ...runStart[p]!, ngrams: run[p]!, tokens: run[p]! + n - 1 };
        }
      }
    },
    index.filter,
  );
  const corpora: CorpusStats[] = [];
  for (const file of await corpusFiles(paths)) {
    corpora.push(await scanCorpusFile(file, scanner, (where) => (place = where)));
  }
  const ratio = (ids: number[]) =>
    ids.length === 0 ? 0 : ids.filter((e) => found[e]).length / ids.length;
  const overlaps = index.problems.map((p, i): ProblemOverlap => {
    const promptRatio = ratio(p.prompt);
    const solutionRatio = ratio(p.solution);
    return {
      task_id: p.problemId,
      ngrams: p.all.length,
      found: p.all.filter((e) => found[e]).length,
      ratio: ratio(p.all),
      prompt_ratio: promptRatio,
      solution_ratio: solutionRatio,
      flagged: p.all.length > 0 && Math.max(promptRatio, solutionRatio) >= threshold,
      best: best[i] ?? null,
    };
  });
  return {
    ngram: n,
    threshold,
    corpora,
    bytes: corpora.reduce((sum, c) => sum + c.bytes, 0),
    problems: overlaps,
    flagged: overlaps.filter((p) => p.flagged).map((p) => p.task_id),
  };
}
