/**
 * Problems whose libraries do not import here (issue 29, item 15): they run and count in n as
 * failures, as the reference harnesses count them, with pass@k over the runnable ones beside the
 * score; the preflight picks references whose needs (tests included) are met here, and says which
 * module is missing when none are. Real sandbox, real Python, a module that exists nowhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/index.js';
import { formatSummary } from '../../src/report/summary.js';
import type { Task } from '../../src/tasks/types.js';
import { libraryTask } from '../helpers/library-task.js';

const MISSING = 'passk_no_such_module';

/** Each row: a reference, its tests, and the environment modules it needs (Task.requires). */
const ROWS = [
  { id: 'plain', code: 'def solve():\n    return 1\n', test: 'assert solve() == 1\n', needs: [] },
  {
    id: 'lacking',
    code: `import ${MISSING}\ndef solve():\n    return 1\n`,
    test: 'assert solve() == 1\n',
    needs: [MISSING],
  },
  {
    // Only its tests import the missing module: the reference alone looks runnable.
    id: 'tests-lacking',
    code: 'def solve():\n    return 1\n',
    test: `import ${MISSING}\nassert solve() == 1\n`,
    needs: [MISSING],
  },
];

function toyTask(name: string): Task {
  return libraryTask(name, ['json', MISSING], [], {
    requires: (problem) => problem.meta['needs'] as string[],
  });
}

let dir: string;
const dataFile = (rows: readonly object[], name: string) => {
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n'));
  return file;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'passk-not-runnable-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('problems that cannot run here', () => {
  it('count in n as failures, with pass@k over the runnable ones beside the score', async () => {
    const warnings: string[] = [];
    const result = await evaluate({
      task: toyTask('toy-lacking'),
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      dataset: { datasetPath: dataFile(ROWS, 'all') },
      workers: 1,
      verdictCache: false,
      db: false,
      onEvent: (event) => {
        if (event.type === 'warning') warnings.push(event.message);
      },
    });
    const { metrics, results } = result;
    expect(results.map((r) => [r.task_id, r.status, r.error_type])).toEqual([
      ['plain', 'passed', undefined],
      ['lacking', 'error', 'ModuleNotFoundError'],
      ['tests-lacking', 'error', 'ModuleNotFoundError'],
    ]);
    expect(metrics.problems).toBe(3);
    expect(metrics['toy-lacking']).toEqual({ 'pass@1': 1 / 3 });
    expect(metrics.runnable).toEqual({
      problems: 1,
      total: 3,
      share: 1 / 3,
      pass_at_k: { 'pass@1': 1 },
    });
    expect(metrics['not_runnable']).toMatchObject({ problems: 2 });
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^2 of these 3 problems cannot run here and count as failures, .*at most 33\.3% can pass\): they need passk_no_such_module \(2\)/,
      ),
    );
    expect(formatSummary('toy-lacking', result)).toContain(
      'runnable here (1 of 3 problems; the rest count as failures above): pass@1 = 1.0000',
    );
  });

  it('are never the preflight’s references; when all are, the run says which module', async () => {
    const warnings: string[] = [];
    const { metrics } = await evaluate({
      task: toyTask('toy-all-lacking'),
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      // Only problems whose tests (not their reference) import the missing module.
      dataset: { datasetPath: dataFile([ROWS[2]!], 'tests-only') },
      workers: 1,
      verdictCache: false,
      db: false,
      onEvent: (event) => {
        if (event.type === 'warning') warnings.push(event.message);
      },
    });
    expect(metrics['toy-all-lacking']).toEqual({ 'pass@1': 0 });
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^the preflight runs none of the selected problems' references: .*passk_no_such_module \(ModuleNotFoundError: .*scripts\/setup\.sh --task toy-all-lacking/,
      ),
    );
  });
});
