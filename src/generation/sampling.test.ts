import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/errors.js';
import { resolveSampling, withTaskMaxNewTokens } from './sampling.js';
import { deriveSeed } from './seeds.js';

describe('resolveSampling', () => {
  it('starts from the preset and lets explicit values win', () => {
    expect(resolveSampling('pass@100')).toEqual({
      temperature: 0.8,
      topP: 0.95,
      nSamples: 200,
      maxNewTokens: 512,
      seed: 1234,
    });
    expect(resolveSampling('greedy', { nSamples: 3, temperature: undefined })).toMatchObject({
      temperature: 0,
      nSamples: 3,
    });
    expect(resolveSampling(undefined, {})).toMatchObject({ temperature: 0.2, nSamples: 20 });
  });

  it('suggests the nearest preset and rejects values out of range', () => {
    expect(() => resolveSampling('pass@01')).toThrow(/did you mean 'pass@1'/);
    expect(() => resolveSampling('pass@1', { topP: 0 })).toThrow(ConfigError);
    expect(() => resolveSampling('pass@1', { nSamples: 2.5 })).toThrow(/n-samples/);
  });
});

describe('withTaskMaxNewTokens', () => {
  it("fills maxNewTokens from the task's default, else 512; an explicit value wins", () => {
    const { maxNewTokens: _, ...rest } = resolveSampling('greedy');
    expect(withTaskMaxNewTokens(rest, 8192).maxNewTokens).toBe(8192);
    expect(withTaskMaxNewTokens(rest, undefined).maxNewTokens).toBe(512);
    expect(withTaskMaxNewTokens({ ...rest, maxNewTokens: 100 }, 8192).maxNewTokens).toBe(100);
  });
});

describe('deriveSeed', () => {
  it('is stable, 31-bit, and differs by run seed, problem and sample', () => {
    const seed = deriveSeed(1234, 'HumanEval/0', 0);
    expect(deriveSeed(1234, 'HumanEval/0', 0)).toBe(seed);
    expect(seed).toBeLessThan(2 ** 31);
    const others = [
      deriveSeed(1235, 'HumanEval/0', 0),
      deriveSeed(1234, 'HumanEval/1', 0),
      deriveSeed(1234, 'HumanEval/0', 1),
    ];
    expect(new Set([seed, ...others]).size).toBe(4);
  });
});
