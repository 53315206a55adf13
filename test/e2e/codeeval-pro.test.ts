/**
 * HumanEval Pro / MBPP Pro end to end: references through the real sandbox, and a local
 * OpenAI-protocol server whose answers are right or wrong by choice, in completion and chat mode.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/tasks/types.js';
import { evaluateRows, problemsOf, runTask, taskServer } from '../helpers/task-runs.js';

const runAgainstTask = taskServer();
const run = async (name: string, extra: string[]) => (await runTask(name, extra)).metrics;
const runAgainst = async (...args: Parameters<typeof runAgainstTask>) =>
  (await runAgainstTask(...args)).metrics;

const rawProblem = (p: Problem) => String(p.meta['rawProblem']);

/** A wrong pair of solutions: both functions return a string no test expects. */
function wrongContinuation(p: Problem): string {
  return `    return 'wrong'\n${String(p.meta['newProblem'])}    return 'wrong'\n`;
}

describe('humaneval-pro and mbpp-pro', () => {
  it.each(['humaneval-pro', 'mbpp-pro'])(
    '%s: the first 20 reference solutions pass in the sandbox',
    async (name) => {
      const metrics = await run(name, ['--model', 'reference', '--limit', '20']);
      expect(metrics.statuses).toEqual({ passed: 20 });
    },
  );

  it('completion: the continuation after the repeated base problem is judged, cut at the fence and sanitized', async () => {
    const metrics = await runAgainst(
      'humaneval-pro',
      (p, { choice }) => {
        const rest =
          choice === 0 ? String(p.reference).slice(rawProblem(p).length) : wrongContinuation(p);
        // santize.py drops what follows `# Test`; the fence ends the completion.
        return `${rest}\n# Test\nassert False\n\`\`\`\nprint(1)`;
      },
      ['--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['humaneval-pro']).toEqual({ 'pass@1': 0.5 });
  });

  it('a generations file as harness.py reads it: a completion row after the raw problem, a solution row as it is', async () => {
    const problems = (await problemsOf('mbpp-pro')).slice(0, 2);
    // inference.py's results.jsonl: the text after the repeated base problem; run_api.py's: all.
    const rows = problems.flatMap((p) => [
      { task_id: p.id, completion: String(p.reference).slice(rawProblem(p).length) },
      { task_id: p.id, completion: wrongContinuation(p) },
      { task_id: p.id, solution: String(p.reference) },
    ]);
    const { results } = await evaluateRows('mbpp-pro', rows, ['--limit', '2']);
    expect(results.map((r) => r.status === 'passed')).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
    ]);
  });

  it('chat: the code after the first python fence is the whole solution', async () => {
    const metrics = await runAgainst(
      'mbpp-pro',
      (p, { choice }) => {
        const code = choice === 0 ? String(p.reference) : rawProblem(p) + wrongContinuation(p);
        return `Sure.\n\`\`\`python\n${code}\n# Test\nassert False\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mbpp-pro']).toEqual({ 'pass@1': 0.5 });
  });
});

describe('bigcodebench-lite-pro', () => {
  it('the first references pass with their libraries; an early exit(0), which harness.py passes, does not', async () => {
    const metrics = await runAgainst(
      'bigcodebench-lite-pro',
      (p, { choice }) => {
        // Tab-indented, as harness.py's files accept it (it replaces tabs by four spaces).
        const code = String(p.reference).replaceAll('    ', '\t');
        const exit = choice === 1 ? '\nimport sys\nsys.exit(0)\n' : '';
        return `\`\`\`python\n${code}${exit}\n\`\`\``;
      },
      ['--chat', '--limit', '2', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['bigcodebench-lite-pro']).toEqual({ 'pass@1': 0.5 });
    expect(metrics.statuses).toEqual({ passed: 2, incomplete: 2 });
  }, 240_000);
});
