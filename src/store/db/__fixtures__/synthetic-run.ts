/**
 * A run built in memory (no model, no sandbox) for the store and report tests: chosen verdicts
 * on chosen programs, with metrics computed by the real buildMetrics, so every number the tests
 * check comes from the same code path as a real run.
 */
import { createHash } from 'node:crypto';
import type { LoadedDataset } from '../../../datasets/types.js';
import type { VerdictStatus } from '../../../execution/types.js';
import type { Problem, Task } from '../../../tasks/types.js';
import { buildMetrics, type MetricsFile } from '../../metrics-file.js';
import type { GenerationRecord, ResultRecord } from '../../records.js';

export interface SyntheticVerdict {
  status: VerdictStatus;
  errorType?: string;
  message?: string;
  tamper?: string;
}

export interface SyntheticRun {
  metrics: MetricsFile;
  results: ResultRecord[];
  records: GenerationRecord[];
  problems: Problem[];
}

/** A program no browser may ever run: it must show up as text. */
export const HOSTILE_PROGRAM =
  'def f(x):\n    return "</script><script>alert(1)</script><img src=x onerror=alert(2)>"\n';

/** `count` made-up Python problems, 'synthetic/0' …. */
export function syntheticProblems(count: number): Problem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `synthetic/${i}`,
    language: 'python',
    prompt: `def f${i}(x):\n    """Return x plus ${i}."""\n`,
    datasetPrompt: `def f${i}(x):\n    """Return x plus ${i}."""\n`,
    tests: `assert f${i}(1) == ${1 + i}\n`,
    entryPoint: `f${i}`,
    meta: {},
  }));
}

/** The default verdict pattern: problem i passes its first (n − i mod (n+1)) samples. */
export function defaultVerdict(problem: number, sample: number, n: number): SyntheticVerdict {
  if (sample < n - (problem % (n + 1))) return { status: 'passed' };
  const failures: SyntheticVerdict[] = [
    { status: 'failed', errorType: 'AssertionError', message: 'assert f(1) == 2' },
    { status: 'error', errorType: 'NameError', message: "name 'y' is not defined" },
    { status: 'timeout', message: 'killed after 3000 ms' },
  ];
  return failures[(problem + sample) % failures.length]!;
}

/**
 * Builds a run of `n` samples per problem. Sample j of problem i has the program
 * `<prompt>    return x + <i> # sample <j>` (sample 0 of problem 1 is HOSTILE_PROGRAM) and the
 * verdict `verdict(i, j, n)`.
 */
export function syntheticRun(
  options: {
    task?: string;
    problems?: Problem[];
    n?: number;
    ks?: number[];
    verdict?: (problem: number, sample: number, n: number) => SyntheticVerdict;
  } = {},
): SyntheticRun {
  const n = options.n ?? 3;
  const problems = options.problems ?? syntheticProblems(4);
  const taskName = options.task ?? 'synthetic';
  const verdict = options.verdict ?? defaultVerdict;
  const records: GenerationRecord[] = [];
  const results: ResultRecord[] = [];
  problems.forEach((problem, i) => {
    for (let j = 0; j < n; j++) {
      const program =
        i === 1 && j === 0
          ? HOSTILE_PROGRAM
          : `${problem.prompt}    return x + ${i} # sample ${j}\n`;
      records.push({ problemId: problem.id, sample: j, program, raw: `    return x + ${i}` });
      const v = verdict(i, j, n);
      results.push({
        task_id: problem.id,
        sample: j,
        program_hash: createHash('sha256')
          .update(program + problem.tests)
          .digest('hex'),
        status: v.status,
        ...(v.errorType === undefined ? {} : { error_type: v.errorType }),
        ...(v.message === undefined ? {} : { message: v.message }),
        ...(v.tamper === undefined ? {} : { tamper: v.tamper }),
        duration_ms: 10 + i + j,
      });
    }
  });
  const task = {
    name: taskName,
    dataset: { hub: { repo: 'example/synthetic', revision: 'abc123', path: 'data.jsonl' } },
  } as Task;
  const dataset: LoadedDataset = {
    rows: [],
    file: '/data/synthetic.jsonl',
    sha256: 'f'.repeat(64),
    source: 'local',
  };
  const metrics = buildMetrics({
    task,
    ks: options.ks ?? [1, 2, 3],
    results,
    problems,
    missing: [],
    dataset,
    executor: { sandbox: 'test', isolation: 'none', workers: 1 },
    config: { candidates: 'records', k: options.ks ?? [1, 2, 3] },
  });
  return { metrics, results, records, problems };
}
