/**
 * Python's in-process judge (runner.py) against the classes issue 25's battery found
 * (docs/security.md, "In-process judging (Python)"). Each attack is one of the Python preflight's
 * attack canaries (src/execution/worker/canaries/): a wrong `add` (or a right one that touches
 * the harness) and its tests; it runs next to a right and a wrong `add` under the same tests,
 * whose verdicts must not move. Real sandbox, real Python.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canaryFile, python } from '../../src/execution/languages/python/python.js';
import { bigcodebenchTests } from '../../src/tasks/bigcodebench/program.js';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const ATTACKS = join(import.meta.dirname, '..', 'fixtures', 'inproc-attacks');
const MARKER = '\n# passk: the tests start here\n';
/** The canaries' three kinds of tests: every comparison plain, through abs, or math.isclose. */
const TESTS = Object.fromEntries(
  ['plain', 'abs', 'isclose'].map((kind) => [kind, canaryFile(`tests_${kind}.py`)]),
);

const executor = securityExecutorForFile();
const attack = (name: string) => readFileSync(join(ATTACKS, name), 'utf8');

describe('Python in-process judging: the round-3 classes', () => {
  it('no attack canary passes, each carries its tamper reason; right and wrong keep theirs', async () => {
    const attacks = python.canaries.attacks?.() ?? [];
    expect(attacks.length).toBeGreaterThanOrEqual(7);
    const sources: Record<string, string> = {};
    for (const [kind, tests] of Object.entries(TESTS)) {
      sources[`right-${kind}`] = `def add(a, b):\n    return a + b\n${MARKER}${tests}`;
      sources[`wrong-${kind}`] = `def add(a, b):\n    return a - b\n${MARKER}${tests}`;
    }
    for (const { name, source } of attacks) {
      // Each canary's tests are one of TESTS, so the controls above are its right and wrong.
      expect(Object.values(TESTS).some((tests) => source.endsWith(`${MARKER}${tests}`))).toBe(true);
      sources[name] = source;
    }
    const verdicts = await runSources(executor(), 'python', sources, LIMITS);
    for (const kind of Object.keys(TESTS)) {
      expect(verdicts.get(`right-${kind}`)).toMatchObject({ status: 'passed' });
      expect(verdicts.get(`right-${kind}`)?.tamper).toBeUndefined();
      expect(verdicts.get(`wrong-${kind}`)).toMatchObject({ status: 'failed' });
    }
    for (const { name, tamper } of attacks) {
      const verdict = verdicts.get(name);
      expect([name, verdict?.status]).not.toEqual([name, 'passed']);
      expect([name, verdict?.tamper]).toEqual([name, tamper]);
    }
  }, 180_000);

  it("BigCodeBench (one code object): TestCase's asserts patched by the candidate are seen", async () => {
    const tests = bigcodebenchTests(
      'import unittest\n\nclass TestCases(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(task_func(1, 1), 2)\n',
    );
    const program = (candidate: string) => `${candidate}\n${tests}`;
    const verdicts = await runSources(
      executor(),
      'python',
      {
        right: program('def task_func(a, b):\n    return a + b\n'),
        wrong: program('def task_func(a, b):\n    return a - b\n'),
        patched: program(
          'import unittest\nunittest.TestCase.assertEqual = lambda *args, **kwargs: None\n\n\ndef task_func(a, b):\n    return a - b\n',
        ),
      },
      LIMITS,
      { semantics: 'bigcodebench' },
    );
    expect(verdicts.get('right')).toMatchObject({ status: 'passed' });
    expect(verdicts.get('wrong')).toMatchObject({ status: 'failed' });
    expect(verdicts.get('patched')).toMatchObject({
      status: 'failed',
      tamper: 'assertions-patched',
    });
  }, 120_000);

  it("Aider's Python: re-running the runner's code against a test file it wrote does not pass", async () => {
    const tests = `import unittest\nfrom canary import value\n\nclass CanaryTest(unittest.TestCase):\n    def test_it(self):\n        self.assertEqual(value, 2)\n`;
    const exercise = (canary: string) => ({
      files: { 'canary.py': canary, 'canary_test.py': tests },
    });
    const verdicts = await runSources(
      executor(),
      'exercism-python',
      {
        right: exercise('value = 2\n'),
        wrong: exercise('value = 1\n'),
        rerun: exercise(attack('exercism_rerun_runner.py')),
        patched: exercise(
          'import unittest\nunittest.TestCase.assertEqual = lambda *args, **kwargs: None\nvalue = 1\n',
        ),
        fd: exercise(
          'import os\nread_end, write_end = os.pipe()\nos.dup2(write_end, 3)\nvalue = 2\n',
        ),
      },
      LIMITS,
    );
    expect(verdicts.get('patched')?.tamper).toBe('assertions-patched');
    expect(verdicts.get('fd')).toMatchObject({ status: 'failed', tamper: 'result-fd-replaced' });
    expect(verdicts.get('right')).toMatchObject({ status: 'passed' });
    expect(verdicts.get('wrong')).toMatchObject({ status: 'failed' });
    for (const id of ['rerun', 'patched']) {
      expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
    }
  }, 120_000);
});
