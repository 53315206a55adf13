import { describe, expect, it } from 'vitest';
import { referenceDifferences } from './differences.js';
import { families, tasks } from './index.js';
import type { Task } from './types.js';

/** A task with only what referenceDifferences reads (a non-Python language: no Python rows). */
const named = (name: string, language = 'cpp') => ({ name, language }) as Task;

describe('benchmark families', () => {
  it('register every name of every family, each in one family only', () => {
    const all = families.flatMap((family) => [...family.names()]);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(tasks.names());
  });

  it("report a task's documented differences from beside the family", () => {
    const mbpp = families.find((family) => family.name === 'mbpp');
    expect(mbpp?.differences?.(named('mbpp'))).toHaveLength(1);
    expect(referenceDifferences(named('mbpp'))).toEqual(mbpp?.differences?.(named('mbpp')));
    // bigcode's multiple-* names share MultiPL-E's rows: the shared ones and each evaluator's own
    // (JavaScript scores as its loose assert, C++'s compile limit is passk's).
    expect(referenceDifferences(named('multiple-js', 'javascript'))).toEqual(
      referenceDifferences(named('multipl-e-js', 'javascript')),
    );
    expect(referenceDifferences(named('multipl-e-js', 'javascript'))).toHaveLength(6);
    expect(referenceDifferences(named('multipl-e-cpp'))).toHaveLength(7);
    expect(referenceDifferences(named('my-bench.jsonl'))).toEqual([]);
  });
});
