import type { ProblemCounts } from '../summarize.js';
import { mulberry32, type Random } from './prng.js';

/** Standard normal draw (Box–Muller). */
function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Gamma(shape, 1) by Marsaglia–Tsang, with the shape < 1 boost. */
function gamma(random: Random, shape: number): number {
  if (shape < 1) return gamma(random, shape + 1) * (1 - random()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    if (Math.log(1 - random()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

export function beta(random: Random, a: number, b: number): number {
  const x = gamma(random, a);
  return x / (x + gamma(random, b));
}

/** A run: `problems` problems with true rates ~ Beta(a, b), each sampled n times. */
export function simulateRun(
  seed: number,
  problems: number,
  n: number,
  a: number,
  b: number,
): ProblemCounts[] {
  const random = mulberry32(seed);
  return Array.from({ length: problems }, (_, i) => {
    const p = beta(random, a, b);
    let c = 0;
    for (let s = 0; s < n; s++) if (random() < p) c++;
    return { problemId: `P/${i}`, n, c };
  });
}

/** E[1 − (1 − p)^k] for p ~ Beta(a, b): the population pass@k the interval should cover. */
export function truePassAtK(a: number, b: number, k: number): number {
  let miss = 1;
  for (let j = 0; j < k; j++) miss *= (b + j) / (a + b + j);
  return 1 - miss;
}
