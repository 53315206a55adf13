/**
 * Python's in-process judge (runner.py) against the classes issue 25's battery found
 * (docs/security.md, "In-process judging (Python)"). Each attack (test/fixtures/inproc-attacks/)
 * is a wrong `add` (or a right one that touches the harness) before the tests; it runs next to a
 * right and a wrong `add`, whose verdicts must not move. Real sandbox, real Python.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withReferenceSemantics } from '../../src/execution/python-reference.js';
import { exercismSource } from '../../src/execution/runtimes/exercism-source.js';
import { bigcodebenchTests } from '../../src/tasks/bigcodebench/program.js';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const ATTACKS = join(import.meta.dirname, '..', 'fixtures', 'inproc-attacks');
const MARKER = '\n# passk: the tests start here\n';
const check = (...asserts: string[]) =>
  `import math\n\n\ndef check(candidate):\n${asserts.map((a) => `    assert ${a}\n`).join('')}\n\ncheck(add)\n`;
/** Tests whose every comparison goes through abs, through math.isclose, or plain ==. */
const TESTS = {
  abs: check('abs(candidate(1, 1) - 2) < 1e-9', 'abs(candidate(2, 2) - 4) < 1e-9'),
  isclose: check('math.isclose(candidate(1, 1), 2)', 'math.isclose(candidate(2, 2), 4)'),
  plain: check('candidate(1, 1) == 2', 'candidate(2, 2) == 4'),
} as const;

/** Each attack, the tests it targets, and the tamper reason it must now carry (if any). */
const CASES: Record<string, { tests: keyof typeof TESTS; tamper?: string }> = {
  'report_extra_keys.py': { tests: 'plain', tamper: 'forged-event' },
  'dup2_result_fd.py': { tests: 'plain' },
  'fd_left_replaced.py': { tests: 'plain', tamper: 'result-fd-replaced' },
  'profile_reinstalls_trace.py': { tests: 'plain' },
  'patch_abs_during_tests.py': { tests: 'abs', tamper: 'builtins-patched' },
  'patch_isclose_during_tests.py': { tests: 'isclose', tamper: 'assertions-patched' },
  'poison_math_module.py': { tests: 'isclose', tamper: 'assertions-patched' },
};

const executor = securityExecutorForFile();
const attack = (name: string) => readFileSync(join(ATTACKS, name), 'utf8');

describe('Python in-process judging: the round-3 classes', () => {
  it('no attack passes, each is flagged; right and wrong keep their verdicts', async () => {
    const sources: Record<string, string> = {};
    for (const [kind, tests] of Object.entries(TESTS)) {
      sources[`right-${kind}`] = `def add(a, b):\n    return a + b\n${MARKER}${tests}`;
      sources[`wrong-${kind}`] = `def add(a, b):\n    return a - b\n${MARKER}${tests}`;
    }
    for (const [name, { tests }] of Object.entries(CASES)) {
      sources[name] = `${attack(name)}${MARKER}${TESTS[tests]}`;
    }
    const verdicts = await runSources(executor(), 'python', sources, LIMITS);
    for (const kind of Object.keys(TESTS)) {
      expect(verdicts.get(`right-${kind}`)).toMatchObject({ status: 'passed' });
      expect(verdicts.get(`right-${kind}`)?.tamper).toBeUndefined();
      expect(verdicts.get(`wrong-${kind}`)).toMatchObject({ status: 'failed' });
    }
    for (const [name, { tamper }] of Object.entries(CASES)) {
      const verdict = verdicts.get(name);
      expect([name, verdict?.status]).not.toEqual([name, 'passed']);
      expect([name, verdict?.tamper]).toEqual([name, tamper]);
    }
  }, 180_000);

  it("BigCodeBench (one code object): TestCase's asserts patched by the candidate are seen", async () => {
    const tests = bigcodebenchTests(
      'import unittest\n\nclass TestCases(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(task_func(1, 1), 2)\n',
    );
    const program = (candidate: string) =>
      withReferenceSemantics(`${candidate}\n${tests}`, 'bigcodebench');
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
    const exercise = (canary: string) =>
      exercismSource({ 'canary.py': canary, 'canary_test.py': tests });
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
      },
      LIMITS,
    );
    expect(verdicts.get('right')).toMatchObject({ status: 'passed' });
    expect(verdicts.get('wrong')).toMatchObject({ status: 'failed' });
    for (const id of ['rerun', 'patched']) {
      expect([id, verdicts.get(id)?.status]).not.toEqual([id, 'passed']);
    }
  }, 120_000);
});
