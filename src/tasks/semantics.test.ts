import { describe, expect, it } from 'vitest';
import { tasks } from './index.js';
import type { Problem, Task } from './types.js';

/** The semantics a bare problem's program carries, or 'unbuildable' (it needs real row data). */
function probeSemantics(task: Task): string | undefined {
  const probe: Problem = {
    id: 'probe',
    language: task.language,
    prompt: '',
    datasetPrompt: '',
    tests: '',
    meta: {},
  };
  try {
    return task.program(probe, '', task.suites?.[0]).semantics;
  } catch {
    return 'unbuildable';
  }
}

describe('Program.semantics', () => {
  it("every task's programs carry the reference semantics the task declares", async () => {
    const seen = new Map<string, number>();
    for (const name of tasks.names()) {
      const task = await tasks.get(name);
      const carried = probeSemantics(task);
      if (carried === 'unbuildable') continue;
      expect([name, carried]).toEqual([name, task.referenceSemantics]);
      seen.set(String(carried), (seen.get(String(carried)) ?? 0) + 1);
    }
    // The families named after the references are among them (human-eval, EvalPlus, BigCodeBench).
    expect(seen.get('human-eval')).toBeGreaterThan(30);
    expect(seen.get('evalplus')).toBeGreaterThanOrEqual(4);
    expect(seen.get('bigcodebench')).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
