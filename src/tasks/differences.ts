import type { ReferenceSemantics } from '../execution/python-reference.js';
import { families } from './index.js';
import type { Task } from './types.js';

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
  "time: the limit counts the program's own time, measured from outside it: wall-clock time minus the time it waited for a CPU (so a loop gets its whole budget on a loaded machine, and a program is never cut sooner than by a wall clock), with a wall-clock backstop at 10x the limit; human-eval counts wall-clock time (a SIGALRM), so on a loaded machine it can fail a program that passes here. A timeout that may have been starved is run once more (results.jsonl `rerun`)",
];

const GUARDED =
  'os.getcwd, os.chdir, os.remove, os.unlink, os.rmdir, os.rename, os.kill, os.system, os.fork, os.putenv, subprocess.Popen, shutil.rmtree, shutil.move, exit, quit and help are None';
const EARLY_EXIT =
  'exit: sys.exit() or SystemExit before the tests end is incomplete here, a failure there; neither passes';
/**
 * The Python rules of a task whose programs run under a reference harness's semantics
 * (src/execution/worker/reference_guard.py): the guard, stdin and exit rows above then differ.
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

/** The reference semantics `task`'s programs run under (its declared `referenceSemantics`), if any. */
export function referenceSemanticsOf(task: Task): ReferenceSemantics | undefined {
  return task.referenceSemantics;
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
  // The task's own rows live beside it, in its family (src/tasks/<family>/family.ts).
  const family = families.find((candidate) => candidate.names().includes(task.name));
  const own = family?.differences?.(task) ?? [];
  return [...(task.language === 'python' ? pythonDifferences(task) : []), ...own];
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
