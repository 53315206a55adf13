import { createHash } from 'node:crypto';

/**
 * The seed of sample `sample` of problem `problemId` in a run seeded with `runSeed`: a hash,
 * so it depends on nothing else (not concurrency, replica count, arrival order, or which
 * samples a resumed run still needed). 31 bits, because some servers parse seeds as int32.
 *
 * With server-side `n`, one request carries several samples and one seed: the seed of the
 * request's first sample index. Its choices are then as reproducible as the server makes
 * n-with-a-seed (vLLM: yes for the same n). Set maxSamplesPerRequest to 1 for a seed per sample.
 */
export function deriveSeed(runSeed: number, problemId: string, sample: number): number {
  const digest = createHash('sha256').update(`${runSeed}\0${problemId}\0${sample}`).digest();
  return digest.readUInt32BE(0) >>> 1;
}
