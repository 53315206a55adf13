import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIGCODEBENCH_DEBIAN_PACKAGES, BIGCODEBENCH_NOT_IN_DEBIAN } from './libs.js';
import { FAILING_REFERENCES, referencePassRate } from './reference-failures.js';
import { bigcodebench, INSTRUCTION_PREFIX, parseLibs } from './task.js';

/** Two rows in the dataset's schema, written for these tests. */
function row(id: number) {
  const codePrompt = `import math\ndef task_func(x=${id}):\n`;
  return {
    task_id: `BigCodeBench/${id}`,
    complete_prompt: `${codePrompt}    """Floor of x."""\n`,
    instruct_prompt: `Return the floor of x.\nYou should write self-contained code starting with:\n\`\`\`\n${codePrompt}\`\`\``,
    canonical_solution: '    return math.floor(x)\n',
    code_prompt: codePrompt,
    test: 'import unittest\nclass TestCases(unittest.TestCase):\n    def test_floor(self):\n        self.assertEqual(task_func(2.5), 2)\n',
    entry_point: 'task_func',
    doc_struct: '{}',
    libs: "['math']",
  };
}
const rows = [row(0), row(1)];

describe('bigcodebench task', () => {
  it('builds problems with the reference and upstream libs list', () => {
    const task = bigcodebench({ split: 'complete', subset: 'full' });
    const [first] = task.problems(rows, 'rows.jsonl');
    expect(task.name).toBe('bigcodebench-complete');
    expect(first?.prompt).toBe(rows[0]!.complete_prompt);
    expect(first?.reference).toBe(`${rows[0]!.complete_prompt}\n${rows[0]!.canonical_solution}`);
    expect(first?.meta['libs']).toEqual(['math']);
    expect(first?.tests.startsWith(rows[0]!.test)).toBe(true);
  });

  it('keeps only the Hard ids listed beside the dataset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-bcb-'));
    writeFileSync(join(dir, 'bigcodebench-hard-ids.json'), '["BigCodeBench/1"]');
    const task = bigcodebench({ split: 'instruct', subset: 'hard' });
    expect(task.name).toBe('bigcodebench-hard-instruct');
    expect(task.problems(rows, join(dir, 'rows.jsonl')).map((p) => p.id)).toEqual([
      'BigCodeBench/1',
    ]);
    expect(() => task.problems(rows, join(tmpdir(), 'nowhere', 'rows.jsonl'))).toThrow(
      /needs bigcodebench-hard-ids\.json/,
    );
  });

  it('completion: cut at upstream stops, sanitized, calibrated', () => {
    const task = bigcodebench({ split: 'complete', subset: 'full' });
    const problem = task.problems(rows, 'rows.jsonl')[0]!;
    const program = task.postprocess(problem, '    return math.floor(x)\n\nprint(task_func())\n');
    expect(program).toBe(
      `${rows[0]!.code_prompt}\n    pass\n${rows[0]!.complete_prompt}\n    return math.floor(x)`.replace(
        `"""Floor of x."""\n\n`,
        `"""Floor of x."""\n`,
      ),
    );
    expect(task.stopSequences).toContain('\ndef ');
  });

  it('chat: upstream message, code read out of the reply, no stops', () => {
    const task = bigcodebench({ split: 'instruct', subset: 'full' });
    const problem = task.problems(rows, 'rows.jsonl')[0]!;
    expect(task.instructionPrompt?.(problem)).toBe(
      `${INSTRUCTION_PREFIX}\n${problem.prompt.trim()}\n`,
    );
    const reply = 'Sure:\n```python\ndef task_func(x=0):\n    return math.floor(x)\n```\nDone.';
    expect(task.chatPostprocess?.(problem, reply)).toBe(
      `${rows[0]!.code_prompt}\n    pass\ndef task_func(x=0):\n    return math.floor(x)`,
    );
    expect(task.stopSequences).not.toContain('\ndef ');
  });

  it('uncalibrated: the sanitized solution alone', () => {
    const task = bigcodebench({ split: 'instruct', subset: 'full', calibrated: false });
    const problem = task.problems(rows, 'rows.jsonl')[0]!;
    expect(task.chatPostprocess?.(problem, 'def task_func(x):\n    return x\n')).toBe(
      'def task_func(x):\n    return x',
    );
  });

  it('parses the libs field in both published shapes', () => {
    expect(parseLibs('[\'numpy\', "pandas"]')).toEqual(['numpy', 'pandas']);
    expect(parseLibs(['os'])).toEqual(['os']);
  });

  it('maps libraries to Debian packages and lists the rest', () => {
    expect(BIGCODEBENCH_DEBIAN_PACKAGES).toContain('python3-pandas');
    expect(BIGCODEBENCH_NOT_IN_DEBIAN).toContain('tensorflow');
  });
});

describe('reference pass rate here', () => {
  const context = (warnings: string[], runnable?: ReadonlySet<string>) => ({
    datasetSha256: '',
    timeoutMs: 1,
    concurrency: 1,
    warn: (m: string) => warnings.push(m),
    ...(runnable === undefined ? {} : { runnable }),
  });

  it('counts the references measured to fail, and the run warns with the ceiling', async () => {
    const failing = [...FAILING_REFERENCES];
    expect(failing.length).toBeGreaterThan(0);
    const ids = [failing[0]!, 'BigCodeBench/not-a-failure'];
    expect(referencePassRate(ids)).toEqual({ passed: 1, total: 2, rate: 0.5 });
    const task = bigcodebench({ split: 'complete', subset: 'full' });
    const problems = task.problems([row(0)], 'rows.jsonl').map((p) => ({ ...p, id: failing[0]! }));
    const warnings: string[] = [];
    await task.prepare?.(problems, context(warnings));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^the score's ceiling here is 0\.0% \(0 of these 1 BigCodeBench problems\): 1 have a reference that fails/,
      ),
    ]);
  });

  it('measures the ceiling with the problems whose libraries import here, and records both figures', async () => {
    const task = bigcodebench({ split: 'complete', subset: 'full' });
    const failing = [...FAILING_REFERENCES][0]!;
    const numbers = [Number(failing.split('/')[1]), 100_001, 100_002, 100_003];
    const problems = task.problems(numbers.map(row), 'rows.jsonl');
    const [, a] = problems.map((p) => p.id);
    const warnings: string[] = [];
    // b and c need a library that does not import here (Task.requires, measured by the run)
    await task.prepare?.(problems, context(warnings, new Set([failing, a!])));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^the score's ceiling here is 25\.0% \(1 of these 4 BigCodeBench problems\): 2 need a library that does not import here \(they count as failures, as upstream counts them; scripts\/setup\.sh --task bigcodebench .*\) and 1 have a reference that fails/,
      ),
    ]);
    const info = task.metricsInfo?.['bigcodebench'] as Record<string, unknown>;
    expect(info['ceiling']).toEqual({ total: 4, importable: 2, passable: 1, rate: 0.25 });
    expect(info['reference_pass_rate']).toMatchObject({ passed: 3, total: 4, rate: 0.75 });
  });

  it('requires the third-party libraries of the libs field and of the tests', () => {
    const task = bigcodebench({ split: 'complete', subset: 'full' });
    const withLibs = {
      ...row(0),
      libs: "['math', 'seaborn', 'numpy']",
      test: `import pyfakefs\n${row(0).test}`,
    };
    const [problem] = task.problems([withLibs], 'rows.jsonl');
    expect(task.requires?.(problem!)).toEqual(['numpy', 'pyfakefs', 'seaborn']);
  });
});
