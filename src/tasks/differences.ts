import { REFERENCE_PRAGMA, type ReferenceSemantics } from '../execution/python-reference.js';
import type { Problem, Task } from './types.js';

/**
 * How passk runs a Python program differently from human-eval, bigcode-evaluation-harness and
 * EvalPlus (which `exec` it in a fresh globals dict, as passk does). Recorded in metrics.json
 * as `reference_differences` and listed in docs/tasks.md ("Differences from the reference
 * harnesses"), so a score that moves can be traced to one of these.
 */
export const PYTHON_DIFFERENCES: readonly string[] = [
  'memory: an address-space limit (config.memory_bytes); human-eval and bigcode set none',
  'reliability_guard: the references set os.getcwd, os.chdir, os.remove, os.unlink, os.rmdir, os.rename, os.kill, os.system, os.fork, subprocess.Popen, shutil.rmtree, shutil.move, help and more to None; for this task passk leaves them working inside its sandbox (the tasks named for human-eval, bigcode, EvalPlus and BigCodeBench apply their guard), so a program that calls one can pass here and fail there',
  'exit: exit()/quit() are None in the references (a TypeError, failed); passk raises SystemExit (incomplete); neither passes',
  'output: the references swallow stdout and stderr; passk keeps the first half of the output cap of each and drops the rest (a write straight to fd 1 or 2 past the cap is output-limit)',
  'stdin: reading raises OSError in the references; passk gives end of file',
  'packages: the standard library only (python -I -S, see environment.python); the references import whatever their Python has installed',
  "time: the limit counts the program's own time, measured from outside it: wall-clock time minus the time its main thread waited for a CPU (so a loop gets its whole budget on a loaded machine, and a program is never cut sooner than by a wall clock), with a wall-clock backstop at 10x the limit; human-eval counts wall-clock time (a SIGALRM), so on a loaded machine it can fail a program that passes here. A timeout that may have been starved is run once more (results.jsonl `rerun`)",
];

/** Aider polyglot's C++ exercises (languages/cpp/exercism-catch.ts has the measurements). */
const AIDER_CPP =
  "C++ build: Exercism's CMake flags (its Debug build: g++ -std=c++17 -DEXERCISM_RUN_ALL_TESTS -Wall -Wextra -Wpedantic -Werror, unoptimised) without -g: debug information does not change the generated code";

/** Task-specific differences, by task name (aliases share their target's). */
const TASK_DIFFERENCES: Readonly<Record<string, readonly string[]>> = {
  'aider-polyglot': [AIDER_CPP],
  'aider-polyglot-cpp': [AIDER_CPP],
  mbpp: [
    "tests: the row's test_setup_code runs before the asserts (one test problem has one, 367); bigcode's get_reference joins test_list only, so its tests for 367 see no `root`",
  ],
  humanevalplus: [
    'judging: EvalPlus base and plus suites (see docs/tasks.md "HumanEval+ and MBPP+")',
    "generation (completion models): bigcode's humanevalplus/mbppplus protocol (stripped prompt, bigcode's stop words, no sanitize); EvalPlus's own codegen sends prompt.strip() + newline with its own stop words and sanitizes every output (docs/fidelity.md)",
    "chat: EvalPlus's message and sanitize; EvalPlus also sends the system message 'You are a helpful assistant good at coding.', which passk sends only with --system-prompt",
  ],
  'instruct-humaneval': [
    "data: bigcode's codeparrot/instructhumaneval (Hub, pinned), not among passk's data files: its prompts and post-processing are checked against a reimplementation of bigcode's on a test file in that schema, not on the dataset itself",
    "generation: bigcode also stops at the tokenizer's end-of-text token; passk leaves that to the server",
  ],
  'instruct-humaneval-nocontext': [
    'data: as instruct-humaneval (codeparrot/instructhumaneval, checked on a test file in that schema)',
    "generation: bigcode also stops at the tokenizer's end-of-text token; passk leaves that to the server",
  ],
  mbppplus: [
    'judging: EvalPlus base and plus suites (see docs/tasks.md "HumanEval+ and MBPP+")',
    "generation (completion models): bigcode's humanevalplus/mbppplus protocol (stripped prompt, bigcode's stop words, no sanitize); EvalPlus's own codegen sends prompt.strip() + newline with its own stop words and sanitizes every output (docs/fidelity.md)",
    "chat: EvalPlus's message and sanitize; EvalPlus also sends the system message 'You are a helpful assistant good at coding.', which passk sends only with --system-prompt",
    'prompt: built from the EvalPlus release file, whose prompt is already the docstring; bigcode builds it from the Hub dataset (`prompt` + test_list[0]), not compared byte for byte here',
  ],
};

/** MultiPL-E, under passk's names and bigcode's (`multiple-*`). */
const MULTIPL_E_DIFFERENCES: readonly string[] = [
  "data: DeepSeek-Coder's copy of MultiPL-E's HumanEval translations; bigcode loads nuprl/MultiPL-E at its own pinned revision (not compared here)",
  'execution: passk\'s own runtimes and toolchains (docs/tasks.md "Other languages"), not MultiPL-E\'s evaluators',
  "pass@k: bigcode's multiple-* reports pass@k when its first problem has k samples, counts a problem with fewer as 1.0, and averages every *.results.json in the system temp folder (earlier runs' included); passk reports pass@k only where every problem has k samples, over this run's problems",
];
const STRICT_EQUALITY =
  'JS/TS: assert.deepEqual/equal are strict in passk (a check that passes only loosely is failed, LooseEqualityOnly); MultiPL-E uses the loose ones';

const GUARDED =
  'os.getcwd, os.chdir, os.remove, os.unlink, os.rmdir, os.rename, os.kill, os.system, os.fork, os.putenv, subprocess.Popen, shutil.rmtree, shutil.move, exit, quit and help are None';
const EARLY_EXIT =
  'exit: sys.exit() or SystemExit before the tests end is incomplete here, a failure there; neither passes';
/**
 * The Python rules of a task whose programs run under a reference harness's semantics
 * (src/execution/python/reference_guard.py): the guard, stdin and exit rows above then differ.
 */
const SEMANTICS_DIFFERENCES: Readonly<Record<ReferenceSemantics, readonly string[]>> = {
  'human-eval': [
    `reliability_guard: applied as human-eval and bigcode apply it (${GUARDED}; stdin raises OSError; the verdict is decided when the tests end, whatever threads or atexit handlers remain); what it leaves (sockets, files outside the working dir) is contained by passk's sandbox, where the references run unconfined`,
    EARLY_EXIT,
  ],
  evalplus: [
    `reliability_guard: applied as EvalPlus applies it (${GUARDED}, and open; stdin raises OSError; the verdict is decided when the tests end); what it leaves is contained by passk's sandbox, where EvalPlus runs unconfined`,
    EARLY_EXIT,
  ],
  bigcodebench: [
    "reliability_guard: as BigCodeBench's (exit and quit are None, stdin raises OSError, the verdict is decided when the tests end); its safe_environment (os.kill, os.system and subprocess wrappers that refuse kill commands) is not reproduced: passk's sandbox contains those calls instead",
    EARLY_EXIT,
  ],
};
const REPLACED = /^(reliability_guard|exit|stdin): /;

/** The reference semantics `task`'s programs ask for (their last line), if any. */
export function referenceSemanticsOf(task: Task): ReferenceSemantics | undefined {
  if (task.referenceSemantics) return task.referenceSemantics;
  const probe: Problem = {
    id: 'probe',
    language: task.language,
    prompt: '',
    datasetPrompt: '',
    tests: '',
    meta: {},
  };
  try {
    const source = task.program(probe, '', task.suites?.[0]).source;
    const at = source.lastIndexOf(REFERENCE_PRAGMA);
    const name = at < 0 ? '' : source.slice(at + REFERENCE_PRAGMA.length).trim();
    return name in SEMANTICS_DIFFERENCES ? (name as ReferenceSemantics) : undefined;
  } catch {
    return undefined; // a task whose programs need more than a bare problem: passk's defaults
  }
}

function pythonDifferences(task: Task): readonly string[] {
  const semantics = referenceSemanticsOf(task);
  if (semantics === undefined) return PYTHON_DIFFERENCES;
  const kept = PYTHON_DIFFERENCES.filter((line) => !REPLACED.test(line));
  return [
    SEMANTICS_DIFFERENCES[semantics][0]!,
    ...kept,
    ...SEMANTICS_DIFFERENCES[semantics].slice(1),
  ];
}

/** What metrics.json records as `reference_differences` for a run of `task`. */
export function referenceDifferences(task: Task): string[] {
  const own = TASK_DIFFERENCES[task.name.replace(/-(unstripped|inprocess)$/, '')] ?? [];
  const multiplE = /^multipl(e|-e)-/.test(task.name)
    ? [
        ...MULTIPL_E_DIFFERENCES,
        ...(task.language === 'javascript' || task.language === 'typescript'
          ? [STRICT_EQUALITY]
          : []),
      ]
    : [];
  return [...(task.language === 'python' ? pythonDifferences(task) : []), ...own, ...multiplE];
}

/** What judging outside changes against the reference harness's in-process run (docs/security.md). */
const OUTSIDE_JUDGING =
  "judging: outside (the tests run in a judge process apart from the candidate's, --judge in-process for the reference's placement): only plain values cross, so a returned object's own __eq__, identity (`is`) across the two processes and dict views compared with sets differ from an in-process run (docs/security.md 'Outside judging (Python)')";
const OUTSIDE_CRUXEVAL =
  "judging: the answer is compared as the value it is: an answer that passes upstream only through operator precedence ('[0] or True') or an object's own __eq__ fails (docs/tasks.md, CRUXEval)";

/** The reference differences a run adds when some of its verdicts were decided outside. */
export function judgingDifferences(task: Task, judgedOutside: boolean): string[] {
  if (!judgedOutside) return [];
  return task.name.startsWith('cruxeval') ? [OUTSIDE_JUDGING, OUTSIDE_CRUXEVAL] : [OUTSIDE_JUDGING];
}
