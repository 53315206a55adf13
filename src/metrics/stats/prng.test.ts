import { describe, expect, it } from 'vitest';
import { mulberry32, randomIndex, resampleMeans } from './prng.js';

/** resampleMeans written plainly: draws through mulberry32 and randomIndex. */
function plainResampleMeans(values: number[], resamples: number, seed: number): Float64Array {
  const random = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[randomIndex(random, values.length)]!;
    means[b] = sum / values.length;
  }
  return means;
}

describe('resampleMeans', () => {
  const source = mulberry32(99);
  const skewed = Array.from({ length: 164 }, () =>
    source() < 0.4 ? 0 : source() < 0.5 ? 1 : source(),
  );

  it.each([
    { values: [0.25], seed: 1 },
    { values: [0, 1, 0.5, 1 / 3, 0, 1, 0.9], seed: 0 },
    { values: skewed, seed: 20210707 },
    { values: skewed, seed: 2 ** 32 + 5 },
    { values: skewed, seed: -3 },
  ])('draws what mulberry32 and randomIndex draw, to the bit (seed $seed)', ({ values, seed }) => {
    expect(resampleMeans(values, 300, seed)).toEqual(plainResampleMeans(values, 300, seed));
  });

  it('moves with the seed', () => {
    expect(resampleMeans(skewed, 50, 1)).not.toEqual(resampleMeans(skewed, 50, 2));
  });
});
