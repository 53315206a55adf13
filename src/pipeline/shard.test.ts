import { describe, expect, it } from 'vitest';
import type { Problem } from '../tasks/types.js';
import { candidatesInShard, formatShard, parseShard, selectShard } from './shard.js';

describe('parseShard', () => {
  it('reads 0-based i/N', () => {
    expect(parseShard('0/4')).toEqual({ index: 0, count: 4 });
    expect(parseShard(' 3 / 4 ')).toEqual({ index: 3, count: 4 });
    expect(formatShard(parseShard('2/7'))).toBe('2/7');
  });

  it.each(['4/4', '1/0', '-1/4', '1', 'a/b', '1/4/2', '1.5/4'])('refuses %s', (text) => {
    expect(() => parseShard(text)).toThrow(/--shard/);
  });

  it('says indices are 0-based when i = N', () => {
    try {
      parseShard('4/4');
    } catch (error) {
      expect((error as { hint: string }).hint).toContain('0-based');
    }
    expect.assertions(1);
  });
});

describe('selectShard', () => {
  const problems = Array.from({ length: 164 }, (_, i) => i);

  it('splits into contiguous blocks that concatenate back to the whole, in order', () => {
    for (const count of [1, 2, 3, 4, 7, 164]) {
      const shards = Array.from({ length: count }, (_, index) =>
        selectShard(problems, { index, count }),
      );
      expect(shards.flat()).toEqual(problems);
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(selectShard(problems, { index: 1, count: 4 })).toEqual(problems.slice(41, 82));
  });

  it('refuses an empty shard', () => {
    expect(() => selectShard([1, 2], { index: 0, count: 3 })).toThrow(/selects no problems/);
  });
});

describe('candidatesInShard', () => {
  const selection = ['A', 'B', 'C', 'D'].map((id) => ({ id }) as Problem);
  const records = ['A', 'A', 'B', 'D', 'D', 'D'].map((problemId, sample) => ({
    problemId,
    sample,
    program: '',
  }));
  const candidates = {
    records,
    problems: selection.filter((p) => p.id !== 'C'),
    missing: ['C'],
    samplesPerProblem: { min: 1, max: 3 },
  };

  it('keeps the shard of the selection, whatever the file had', () => {
    const second = candidatesInShard(candidates, selection, { index: 1, count: 2 });
    expect(second.problems.map((p) => p.id)).toEqual(['D']);
    expect(second.missing).toEqual(['C']);
    expect(second.records).toHaveLength(3);
    expect(second.samplesPerProblem).toEqual({ min: 3, max: 3 });
    const first = candidatesInShard(candidates, selection, { index: 0, count: 2 });
    expect(first.samplesPerProblem).toEqual({ min: 1, max: 2 });
  });
});
