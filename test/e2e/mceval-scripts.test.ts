/**
 * McEval's script languages end to end: references through the real sandbox, and chat replies
 * extracted as McEval does, right or wrong by choice.
 */
import { describe, expect, it } from 'vitest';
import { runTask, taskServer } from '../helpers/task-runs.js';

const runAgainstTask = taskServer();
const run = async (name: string, extra: string[]) => (await runTask(name, extra)).metrics;
const runAgainst = async (...args: Parameters<typeof runAgainstTask>) =>
  (await runAgainstTask(...args)).metrics;

describe('mceval-python', () => {
  it('reference solutions pass under python', async () => {
    const metrics = await run('mceval-python', ['--model', 'reference', '--limit', '3']);
    expect(metrics.statuses).toEqual({ passed: 3 });
  });

  it("chat: McEval's Python extraction (fenced def, print lines dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-python',
      (p, { choice }) => {
        const body = String(p.reference).slice(p.datasetPrompt.length);
        // McEval drops every line holding `print`, so the undefined name never runs.
        const right = `${p.meta['signature']}\n    print(undefined_debug)${body}`;
        const wrong = `${p.meta['signature']}\n    return None`;
        return `Sure:\n\`\`\`python\n${choice === 0 ? right : wrong}\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-python']).toEqual({ 'pass@1': 0.5 });
  });
});
