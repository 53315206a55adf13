/**
 * CRUXEval-X runs each program through MultiPL-E's evaluator for the language (upstream's
 * inference/untils.py `eval_code` → MutiPL-E/evaluation/src/eval_<lang>.py): its time limit and
 * its pass rules beyond exit 0 — Node's loose `assert.deepEqual` (JS, TS), any stderr fails
 * Racket, "ERROR" fails Perl. Each case is an answer → the evaluator's verdict, worked out from
 * its code; the answers are built from the row's own true answer.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';

const dataDir = requireData();

interface Case {
  /** The answer, from the row's true answer `t`. */
  answer: (t: string) => string;
  /** MultiPL-E's evaluator passes it. */
  reference: boolean;
}

/** Per task: the first problem whose true answer matches `pick`, the answers, the time limit. */
const CASES: Record<string, { pick: RegExp; id?: string; timeoutMs: number; cases: Case[] }> = {
  'cruxeval-x-javascript-output': {
    pick: /^\d+$/,
    timeoutMs: 5_000,
    cases: [
      { answer: (t) => t, reference: true },
      // '3' == 3 under the legacy (loose) deepEqual of `require('node:assert')`
      { answer: (t) => `'${t}'`, reference: true },
      { answer: (t) => `${Number(t) + 1}`, reference: false },
    ],
  },
  'cruxeval-x-racket-output': {
    pick: /^\d+$/,
    timeoutMs: 15_000,
    cases: [
      { answer: (t) => t, reference: true },
      // eval_racket.py: anything on stderr fails the run
      { answer: (t) => `(begin (eprintf "note\\n") ${t})`, reference: false },
    ],
  },
  'cruxeval-x-perl-output': {
    pick: /^\d+$/,
    timeoutMs: 15_000,
    cases: [
      { answer: (t) => t, reference: true },
      // eval_pl.py: "ERROR" on stdout or stderr fails the run; other stderr does not
      { answer: (t) => `do { print STDERR "ERROR: note\\n"; ${t} }`, reference: false },
      { answer: (t) => `do { print STDERR "note\\n"; ${t} }`, reference: true },
    ],
  },
  'cruxeval-x-python-output': {
    pick: /^\d+$/,
    // eval_python.py: safe_subprocess.run's default, 15 s
    timeoutMs: 15_000,
    cases: [{ answer: (t) => t, reference: true }],
  },
  // Go/6's code is prose: upstream's `go test` stops at the package clause (stderr only), which
  // eval_go.py passes, whatever the answer
  'cruxeval-x-go-output': {
    pick: /./,
    id: 'CRUXEval-X/go/6',
    timeoutMs: 30_000,
    cases: [
      { answer: () => '[]interface{}{5, 12}', reference: true },
      { answer: () => 'no answer', reference: true },
    ],
  },
};

/** The id and true answer of the first problem of `name` whose answer matches `pick`. */
async function firstProblem(
  name: string,
  pick: RegExp,
  id?: string,
): Promise<{ id: string; truth: string }> {
  const task = await tasks.get(name);
  const loaded = await loadDataset(task.dataset, { dataDir: requireTaskData(task), offline: true });
  const found = task
    .problems(loaded.rows, loaded.file)
    .find((p) => p.reference !== undefined && pick.test(p.reference) && (id ?? p.id) === p.id);
  if (found?.reference === undefined)
    throw new Error(`${name}: no problem's answer matches ${pick}`);
  return { id: found.id, truth: found.reference };
}

describe.each(Object.entries(CASES))("%s scores as MultiPL-E's evaluator", (name, spec) => {
  it('each answer gets the evaluator verdict, under its time limit', async () => {
    const { id, truth } = await firstProblem(name, spec.pick, spec.id);
    const dir = await tempDir();
    const samples = join(dir, 'samples.jsonl');
    const rows = spec.cases.map((c) =>
      JSON.stringify({ task_id: id, completion: c.answer(truth) }),
    );
    await writeFile(samples, `${rows.join('\n')}\n`);
    const out = join(dir, 'out');
    const { code, stderr } = await runCli([
      ...['evaluate', '--task', name, '--allow-code-execution', '--allow-missing', '--no-db'],
      ...['--data-dir', dataDir, '--generations', samples, '--output-dir', out, '--k', '1'],
    ]);
    expect(code, stderr).toBe(0);
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sample: number; status: string })
      .sort((a, b) => a.sample - b.sample);
    expect(results.map((r) => r.status === 'passed')).toEqual(spec.cases.map((c) => c.reference));
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.config.timeout_ms).toBe(spec.timeoutMs);
  }, 240_000);
});
