/**
 * Every task reads the same answers to the same candidates whichever file format carries them:
 * a human-eval/EvalPlus samples.jsonl "completion" row (read as the task's own harness reads an
 * answer: Task.fromCompletion), a "solution" row and a bigcode generations.json entry. Checked on
 * each registered task's first reference (tasks are iterated, so a new one is covered); the
 * verdicts of real answers through each format are checked in pipeline/completion-rows.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionReading } from '../pipeline/candidates.js';
import { promptPlusCompletion } from '../store/formats/imported.js';
import { readGenerationsFile } from '../store/formats/index.js';
import { tasks } from './index.js';
import { problemsOf } from './registry-run.test-helpers.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passk-completion-rows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * ClassEval (each strategy) reads a completion as a raw prediction (test_pipeline.py's extract_code): code
 * without a fence loses every line equal to a non-import line before its class, so the blank
 * lines of a reference go.
 */
function asPrediction(name: string, answer: string): string {
  return name.startsWith('classeval')
    ? answer
        .split('\n')
        .filter((line) => line !== '')
        .join('\n')
    : answer;
}

/** Prompt-format variants (`TASK:codellama`) read answers as TASK does: one of each is enough. */
const names = tasks.names().filter((name) => !name.includes(':'));

describe.each(names)('task %s', (name) => {
  it('reads a completion, a solution and a bigcode entry to the same candidate', async () => {
    const { task, problems } = await problemsOf(name);
    const problem = problems.find((p) => p.reference !== undefined);
    if (problem === undefined) return;
    const answer = problem.reference!;
    const read = completionReading(task).fromCompletion ?? promptPlusCompletion;
    // The completion a harness's user would write: the answer after what the task's reading
    // puts before every completion (human-eval: the prompt; DS-1000, CRUXEval: nothing).
    const glued = read(problem, '');
    const completion = answer.startsWith(glued) ? answer.slice(glued.length) : answer;
    const safe = name.replace(/[^\w.-]/g, '_');
    const files = {
      completion: join(dir, `${safe}-completion.jsonl`),
      solution: join(dir, `${safe}-solution.jsonl`),
      bigcode: join(dir, `${safe}-generations.json`),
    };
    await writeFile(files.completion, `${JSON.stringify({ task_id: problem.id, completion })}\n`);
    await writeFile(
      files.solution,
      `${JSON.stringify({ task_id: problem.id, solution: answer })}\n`,
    );
    await writeFile(files.bigcode, JSON.stringify([[answer]]));
    for (const [format, file] of Object.entries(files)) {
      const got = await readGenerationsFile(file, [problem], completionReading(task));
      expect(
        got.records.map((r) => r.program),
        `${name} ${format}`,
      ).toEqual([format === 'completion' ? asPrediction(name, answer) : answer]);
    }
  });
});
