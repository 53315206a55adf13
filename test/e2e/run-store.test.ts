import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProblems } from '../../src/pipeline/problems.js';
import { syntheticRun } from '../../src/store/db/__fixtures__/synthetic-run.js';
import { saveRun } from '../../src/store/db/save.js';
import { writeRunOutputs } from '../../src/store/run-dir.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

/** Three real HumanEval problems with made-up verdicts, written as a run dir. */
async function humanevalRun(dir: string) {
  const task = await tasks.get('humaneval');
  const { problems } = await loadProblems(task, { dataDir, offline: true }, { limit: 3 });
  const run = syntheticRun({ task: 'humaneval', problems, n: 2, ks: [1, 2] });
  await writeRunOutputs(dir, run);
  return run;
}

describe('run store through the CLI', () => {
  it('lists a recorded run and shows its summary by id prefix and by run dir', async () => {
    const root = await tempDir('passk-store-');
    const runDir = join(root, 'he-1');
    const run = await humanevalRun(runDir);
    const saved = await saveRun({ ...run, runDir, candidates: { kind: 'reference' } });
    // Default place: beside the run dir.
    expect(saved.db).toBe(join(root, 'passk.db'));
    const listed = await runCli(['runs', '--db', saved.db]);
    expect(listed.code).toBe(0);
    const [header, row] = listed.stdout.trim().split('\n');
    expect(header).toMatch(/^id\s+time \(UTC\)\s+task\s+model\s+problems\s+samples\s+pass@1$/);
    // Problems pass 2, 1 and 0 of their 2 samples (see syntheticRun): pass@1 = 50%.
    expect(row).toMatch(
      new RegExp(`^${saved.runId}\\s.*humaneval\\s+reference\\s+3\\s+6\\s+50\\.0%$`),
    );
    const json = await runCli(['runs', '--db', saved.db, '--json']);
    // snake_case, as metrics.json and `show --json`
    const listedJson = JSON.parse(json.stdout);
    expect(listedJson).toMatchObject({ id: saved.runId, run_dir: runDir, pass_at_1: 0.5 });
    expect(listedJson).not.toHaveProperty('passAt1');
    const byId = await runCli(['show', saved.runId.slice(0, 5), '--db', saved.db]);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain(`run ${saved.runId}  humaneval · reference`);
    expect(byId.stdout).toContain('3 problems, 6 samples');
    expect(byId.stdout).toMatch(/pass@1 = 50\.0%/);
    expect(byId.stdout).toMatch(/pass@2 = 66\.7%/);
    expect(byId.stdout).toMatch(/verdicts: passed 3, /);
    const byDir = await runCli(['show', runDir]);
    expect(byDir.stdout).toBe(byId.stdout);
  });

  it('shows a run dir that no store has, reading its files and the dataset', async () => {
    const root = await tempDir('passk-store-');
    const runDir = join(root, 'unrecorded');
    await humanevalRun(runDir);
    const shown = await runCli(['show', runDir, '--data-dir', dataDir]);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('3 problems, 6 samples');
    expect(shown.stdout).toMatch(/pass@1 = 50\.0%/);
    // Reading must not create a store as a side effect.
    expect(existsSync(join(root, 'passk.db'))).toBe(false);
  });

  it('reports a real reference run of 5 HumanEval problems', async () => {
    const root = await tempDir('passk-store-');
    const runDir = join(root, 'ref');
    const args = [
      '--task',
      'humaneval',
      '--model',
      'reference',
      '--limit',
      '5',
      '--label',
      'ref-5',
    ];
    const ran = await runCli([
      'run',
      ...args,
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--output-dir',
      runDir,
    ]);
    expect(ran.code).toBe(0);
    const shown = await runCli(['show', runDir, '--data-dir', dataDir]);
    expect(shown.stdout).toContain('5 problems, 5 samples');
    expect(shown.stdout).toContain('\n  label: ref-5\n');
    expect(shown.stdout).toMatch(/pass@1 = 100\.0%/);
    const out = join(root, 'report.html');
    const reported = await runCli(['report', runDir, '--data-dir', dataDir, '-o', out]);
    expect(reported.code).toBe(0);
    expect(reported.stdout).toContain(`wrote ${out} (1 run, 5 samples,`);
  });

  it('says plainly when a run does not exist', async () => {
    const root = await tempDir('passk-store-');
    const db = join(root, 'passk.db');
    const missing = await runCli(['show', 'deadbeef', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`passk: error: no run 'deadbeef' in ${db}`);
    expect(missing.stderr).not.toContain('internal error');
    const empty = await runCli(['runs', '--db', db]);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toContain('no runs recorded yet');
  });
});
