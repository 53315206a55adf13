import { passAtK } from '../../metrics/pass-at-k.js';
import type { MetricSample, TaskMetric } from '../types.js';

/** run_tests.py's failure message lists the failed test classes in brackets after this. */
const FAILED_CLASSES = /failed test classes: \[([^\]]*)\]/;

/**
 * The test classes a sample failed: none when it passed, those run_tests.py names when its tests
 * ran to the end, every one when the program never got there (syntax error, timeout, exit).
 */
export function failedTestClasses(sample: MetricSample, testClasses: readonly string[]): string[] {
  if (sample.status === 'passed') return [];
  const listed = FAILED_CLASSES.exec(sample.message ?? '')?.[1];
  if (listed === undefined) return [...testClasses];
  const names = new Set(listed.split(', '));
  return testClasses.filter((name) => names.has(name));
}

/**
 * ClassEval's method-level pass@k (evaluation.py's `fun_success`): pass@k of every test class of
 * every problem on its own, averaged over all those test classes (the whole-class test class
 * included, as upstream). `testClassesOf` gives a problem's test classes.
 */
export function methodLevelMetric(
  testClassesOf: (problemId: string) => readonly string[],
): TaskMetric {
  return {
    name: 'method-level pass@k',
    keys: {
      'method_pass@k':
        "ClassEval's method-level pass@k (fun_success): pass@k of each unittest test class alone, averaged over every test class of every problem",
      test_classes: 'test classes averaged over',
    },
    compute({ problemIds, results, ks }) {
      const perClass = problemIds.flatMap((id) =>
        classCounts(
          testClassesOf(id),
          results.filter((r) => r.task_id === id),
        ),
      );
      const fewest = perClass.length === 0 ? 0 : Math.min(...perClass.map((c) => c.n));
      const out: Record<string, number> = { test_classes: perClass.length };
      for (const k of ks) {
        if (k > fewest) continue;
        const sum = perClass.reduce((total, c) => total + passAtK(c.n, c.passed, k), 0);
        out[`method_pass@${k}`] = sum / perClass.length;
      }
      return out;
    },
  };
}

/** For each test class of a problem: its samples and how many of them passed that class. */
function classCounts(testClasses: readonly string[], samples: readonly MetricSample[]) {
  const failures = samples.map((s) => new Set(failedTestClasses(s, testClasses)));
  return testClasses.map((name) => ({
    n: samples.length,
    passed: failures.filter((failed) => !failed.has(name)).length,
  }));
}
