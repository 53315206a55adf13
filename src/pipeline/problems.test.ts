import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../datasets/index.js';
import type { RunEvent } from '../execution/events.js';
import { progressReporter } from '../report/progress.js';
import { tasks } from '../tasks/index.js';
import { loadProblems } from './problems.js';

describe('loadProblems', () => {
  it("passes a task's slow-step lines on as progress events", async () => {
    const humaneval = await tasks.get('humaneval');
    const task = {
      ...humaneval,
      complete: async (
        problems: readonly unknown[],
        context: { progress?: (m: string) => void },
      ) => {
        context.progress?.(`building ${problems.length}`);
        return [...problems];
      },
    } as typeof humaneval;
    const events: RunEvent[] = [];
    const loaded = await loadProblems(
      task,
      { dataDir: sharedDataDir(), offline: true },
      { limit: 2, onEvent: (event) => events.push(event) },
    );
    expect(loaded.problems).toHaveLength(2);
    expect(events).toEqual([{ type: 'progress', message: 'building 2' }]);
  });

  it('progress lines are printed off a terminal too (a build takes minutes)', () => {
    let written = '';
    const stream = { isTTY: false, write: (text: string) => (written += text) };
    progressReporter(stream as unknown as NodeJS.WriteStream)({ type: 'progress', message: 'x' });
    expect(written).toBe('passk: x\n');
  });
});
