import { describe, expect, it, vi } from 'vitest';
import { ExecutionDisabledError } from '../core/errors.js';
import { defineTask } from '../tasks/types.js';
import { evaluate } from './evaluate.js';

function spyTask() {
  return defineTask({
    name: 'spy',
    description: 'a task that records whether anything was built to run',
    language: 'python',
    dataset: { hub: { repo: 'none/none', revision: '0'.repeat(40), path: 'x.jsonl' } },
    defaultTimeoutMs: 1000,
    stopSequences: [],
    problems: vi.fn(() => []),
    postprocess: vi.fn((_, text: string) => text),
    program: vi.fn(() => ({ language: 'python', source: 'raise SystemExit(0)' })),
  });
}

describe('evaluate() execution gate', () => {
  it('refuses before loading data or building a program when allowCodeExecution is not true', async () => {
    const task = spyTask();
    for (const allowCodeExecution of [false, undefined, 'yes']) {
      await expect(
        evaluate({
          task,
          candidates: { kind: 'reference' },
          allowCodeExecution: allowCodeExecution as boolean,
          dataset: { datasetPath: '/nonexistent/file.jsonl' },
        }),
      ).rejects.toBeInstanceOf(ExecutionDisabledError);
    }
    expect(task.problems).not.toHaveBeenCalled();
    expect(task.program).not.toHaveBeenCalled();
  });
});
