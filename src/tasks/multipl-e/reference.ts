import type { ReferenceRules } from '../../execution/reference-rules.js';

/**
 * What MultiPL-E's evaluator for one language does (bigcode-evaluation-harness's copy in
 * bigcode_eval/tasks/custom_metrics/multiple_metrics/eval_<lang>.py, which `multiple-<suffix>`
 * runs; of nuprl/MultiPL-E's evaluation/src, eval_racket.py and eval_scala.py were compared and
 * have the same rules): its run's time limit, the pass
 * rules passk applies too, and what passk still does otherwise (metrics.json
 * `reference_differences`, docs/tasks.md "Other languages").
 */
export interface MultiplEReference {
  /** The run's time limit, in seconds (safe_subprocess.run's default is 15 s). */
  timeoutS: number;
  /** The evaluator's own pass rules beyond "exit status 0" that passk applies. */
  rules?: Omit<ReferenceRules, 'by'>;
  /** What passk does differently from that evaluator, one row each. */
  differences: readonly string[];
}

const COMPILE_LIMIT = (reference: string) =>
  `time: the compile step has passk's own limit (not ${reference}); the run has the evaluator's`;

/** Every language passk runs for MultiPL-E, by MultiPL-E suffix. */
export const MULTIPL_E_REFERENCE: Readonly<Record<string, MultiplEReference>> = {
  // eval_javascript.py: `node` with timeout=5; Node's legacy (loose) assert.deepEqual.
  js: { timeoutS: 5, rules: { looseEquality: true }, differences: [] },
  // eval_ts.py: tsc --target esnext (15 s), then node (15 s).
  ts: {
    timeoutS: 15,
    rules: { looseEquality: true },
    differences: [
      COMPILE_LIMIT('15 s'),
      "type check: passk's pinned TypeScript checker (docs/tasks.md), not the `tsc` on the evaluator's PATH",
    ],
  },
  // eval_cpp.py: g++ -std=c++17 (15 s), then the binary (15 s).
  cpp: { timeoutS: 15, differences: [COMPILE_LIMIT('15 s')] },
  // eval_java.py: javac (15 s), java -ea (15 s).
  java: { timeoutS: 15, differences: [COMPILE_LIMIT('15 s')] },
  // eval_go.py: `go test` with timeout=30 for build and run together; a pass is no "FAIL" on stdout.
  go: {
    timeoutS: 30,
    differences: [
      "time: `go test`'s 30 s covers the build and the run there; here the run has 30 s and the build passk's own limit",
      'verdict: the evaluator reads `go test` output ("FAIL", "[build failed]"); passk runs the tests in its own main and needs them all to end',
    ],
  },
  // eval_rust.py: rustc (15 s), then the binary (timeout=5).
  rs: { timeoutS: 5, differences: [COMPILE_LIMIT('15 s')] },
  // eval_sh.py: bash (15 s), exit 0.
  sh: { timeoutS: 15, differences: [] },
  // eval_php.py: php (15 s); "PHP Parse error" on stdout or a non-zero exit fails.
  php: { timeoutS: 15, differences: [] },
  // eval_ruby.py: ruby, timeout=5, exit 0.
  rb: { timeoutS: 5, differences: [] },
  // eval_lua.py: lua (15 s), exit 0.
  lua: { timeoutS: 15, differences: [] },
  // eval_pl.py: perl (15 s); a non-zero exit, or "ERROR" on stdout or stderr, fails.
  pl: {
    timeoutS: 15,
    rules: { stderrFailsOn: 'ERROR' },
    differences: [
      'output: the evaluator also fails a run that prints "ERROR" on stdout; passk keeps no stdout and applies the rule to stderr only',
    ],
  },
  // eval_r.py: Rscript, timeout=5, exit 0.
  r: { timeoutS: 5, differences: [] },
  // eval_racket.py: racket (15 s); any output on stderr, or a non-zero exit, fails.
  rkt: { timeoutS: 15, rules: { quietStderr: true }, differences: [] },
  // eval_scala.py: scalac (45 s), scala (15 s); a pass needs exit 0 and nothing on stderr.
  scala: { timeoutS: 15, rules: { quietStderr: true }, differences: [COMPILE_LIMIT('45 s')] },
  // eval_cs.py: csc (no limit), mono (timeout=5); fails only on "Unhandled Exception" or a
  // failed Debug.Assert on stderr, whatever the exit status.
  cs: {
    timeoutS: 5,
    differences: [
      COMPILE_LIMIT('none'),
      'verdict: the evaluator ignores the exit status (it fails only on "Unhandled Exception" or a failed Debug.Assert on stderr); passk needs exit 0 after the tests, so `Environment.Exit(1)` fails here and passes there',
    ],
  },
  // eval_dlang.py: rdmd -unittest with timeout 15 for the build and the run together.
  d: {
    timeoutS: 15,
    differences: [
      "time: rdmd's 15 s covers the build and the run there; here the run has 15 s and the build passk's own limit",
    ],
  },
};

/** The reference's facts for a MultiPL-E suffix. */
export function multiplEReference(suffix: string): MultiplEReference {
  const found = MULTIPL_E_REFERENCE[suffix];
  if (found === undefined) throw new Error(`no MultiPL-E evaluator recorded for '${suffix}'`);
  return found;
}

/** The reference's pass rules for `suffix`'s programs, if it has any beyond exit status 0. */
export function multiplERules(suffix: string): ReferenceRules | undefined {
  const { rules } = multiplEReference(suffix);
  return rules === undefined ? undefined : { by: `MultiPL-E's eval for ${suffix}`, ...rules };
}

/** The rows every MultiPL-E language shares (metrics.json `reference_differences`). */
export const COMMON_DIFFERENCES: readonly string[] = [
  "exit: a program that ends with status 0 before its tests end (exit(0), process.exit(0), os.exit(0)) passes MultiPL-E's evaluators; passk keeps it 'incomplete' (never a pass: the tests did not run)",
  "time: the evaluator's limit is wall-clock time; passk counts the program's own time (wall minus waiting for a CPU) with a wall-clock backstop, and re-runs a timeout that may have been starved",
  'output: the evaluator keeps the first 2 KiB of stdout and stderr; passk the last 4 KiB of stderr (the rules that read stderr read that)',
];
