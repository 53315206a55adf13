import type { Problem } from '../tasks/types.js';
import { createFilter, ngramKeys, setFilterBit } from './tokenize.js';

/** One problem's distinct n-grams, as ids into BenchmarkNgrams' entries. */
export interface ProblemNgrams {
  problemId: string;
  /** Every distinct n-gram of the prompt and reference solution together. */
  all: number[];
  /** Those made only of prompt tokens. */
  prompt: number[];
  /** Those with at least one token of the reference solution. */
  solution: number[];
}

/**
 * The benchmark side of the check: every n-gram of every problem's prompt and reference
 * solution, hashed into a map (key → entry) plus a bit prefilter for the corpus scan. Only the
 * benchmark's n-grams are held, so memory is O(benchmark), whatever the corpus size.
 */
export class BenchmarkNgrams {
  readonly filter = createFilter();
  readonly problems: ProblemNgrams[] = [];
  /** For each entry, the indices (into `problems`) of the problems that contain it. */
  readonly owners: number[][] = [];
  private readonly entries = new Map<number, number>();

  constructor(
    problems: readonly Problem[],
    readonly n: number,
  ) {
    for (const problem of problems) this.add(problem);
  }

  /** The entry id of an n-gram key, or −1 when no problem has it. */
  lookup(key: number): number {
    return this.entries.get(key) ?? -1;
  }

  get size(): number {
    return this.owners.length;
  }

  private add(problem: Problem): void {
    const index = this.problems.length;
    const sets = { all: new Set<number>(), prompt: new Set<number>(), solution: new Set<number>() };
    const prompt = problem.datasetPrompt;
    const reference = problem.reference ?? '';
    // The usual case (HumanEval, MBPP): the reference continues the prompt, so n-grams that
    // straddle the two are scanned too. Otherwise the two texts are scanned separately.
    const joined = reference.startsWith(prompt);
    const promptTokens = joined ? ngramKeys(prompt, this.n).tokens : Number.POSITIVE_INFINITY;
    const texts: [string, number][] = joined
      ? [[reference, promptTokens]]
      : [
          [prompt, Infinity],
          [reference, 0],
        ];
    for (const [text, boundary] of texts) {
      const { keys, firstToken } = ngramKeys(text, this.n);
      keys.forEach((key, i) => {
        const entry = this.entry(key, index);
        sets.all.add(entry);
        (firstToken[i]! + this.n <= boundary ? sets.prompt : sets.solution).add(entry);
      });
    }
    this.problems.push({
      problemId: problem.id,
      all: [...sets.all],
      prompt: [...sets.prompt],
      solution: [...sets.solution],
    });
  }

  private entry(key: number, problem: number): number {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = this.owners.length;
      this.entries.set(key, entry);
      this.owners.push([]);
      setFilterBit(this.filter, key);
    }
    const owners = this.owners[entry]!;
    if (owners.at(-1) !== problem) owners.push(problem);
    return entry;
  }
}
