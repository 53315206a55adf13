/**
 * The same answers get the same verdicts whichever file carries them: a samples.jsonl with
 * "completion" rows (read as the task's harness reads an answer), one with "solution" rows and a
 * bigcode generations.json, for a task of each kind: human-eval's prompt continuation, DS-1000's
 * answer code, CRUXEval's answer. Real sandbox, real Python, real datasets.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../datasets/index.js';
import { promptPlusCompletion } from '../store/formats/imported.js';
import { tasks } from '../tasks/index.js';
import type { Problem } from '../tasks/types.js';
import { completionReading } from './candidates.js';
import { evaluate } from './evaluate.js';
import { loadProblems } from './problems.js';

const dataset = { dataDir: sharedDataDir(), offline: true };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passk-completion-verdicts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A wrong answer per task, as its candidate (the reference is the right one). */
const WRONG: Record<string, (problem: Problem) => string> = {
  humaneval: (problem) => `${problem.datasetPrompt}    return None\n`,
  'cruxeval-o': () => "'passk: not the output'",
  'ds1000-numpy': () => 'result = None\n',
};

describe.each(Object.keys(WRONG))('%s', (name) => {
  it('scores completion rows, solution rows and a bigcode file alike', async () => {
    const task = await tasks.get(name);
    const { problems } = await loadProblems(task, dataset, { limit: 2 });
    const read = completionReading(task).fromCompletion ?? promptPlusCompletion;
    const answers = problems.map((p) => [p.reference!, WRONG[name]!(p)]);
    const completionOf = (problem: Problem, answer: string) => {
      const glued = read(problem, '');
      return answer.startsWith(glued) ? answer.slice(glued.length) : answer;
    };
    const rows = (field: 'completion' | 'solution') =>
      problems
        .flatMap((p, i) =>
          answers[i]!.map((answer) =>
            JSON.stringify({
              task_id: p.id,
              [field]: field === 'solution' ? answer : completionOf(p, answer),
            }),
          ),
        )
        .join('\n');
    const files = {
      completion: [join(dir, `${name}-completion.jsonl`), rows('completion')],
      solution: [join(dir, `${name}-solution.jsonl`), rows('solution')],
      bigcode: [join(dir, `${name}-generations.json`), JSON.stringify(answers)],
    } as const;
    const verdicts: Record<string, string[]> = {};
    for (const [format, [file, text]] of Object.entries(files)) {
      await writeFile(file, `${text}\n`);
      const { results } = await evaluate({
        task,
        candidates: { kind: 'file', path: file },
        allowCodeExecution: true,
        limit: 2,
        k: [1],
        preflight: false,
        verdictCache: false,
        workers: 2,
        db: false,
        dataset,
      });
      verdicts[format] = results.map((r) => `${r.task_id}/${r.sample}: ${r.status}`);
    }
    const ids = problems.map((p) => p.id);
    expect(verdicts['solution']).toEqual(
      ids.flatMap((id) => [`${id}/0: passed`, `${id}/1: failed`]),
    );
    expect(verdicts['completion']).toEqual(verdicts['solution']);
    expect(verdicts['bigcode']).toEqual(verdicts['solution']);
  });
});
