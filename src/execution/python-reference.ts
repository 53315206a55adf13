/**
 * Which reference harness's program semantics a Python program runs under (python/reference_guard.py):
 *
 * - `human-eval`: openai/human-eval and bigcode-evaluation-harness (`reliability_guard`: os.kill,
 *   os.system, os.fork, os.getcwd, os.remove, …, shutil.rmtree, subprocess.Popen, `exit`, `quit`
 *   and `help` are None, so calling one is a TypeError; stdin raises OSError; the verdict is
 *   decided when the tests return, whatever threads or atexit handlers are left);
 * - `evalplus`: the same and `open` is None (evalplus/eval/utils.py);
 * - `bigcodebench`: `exit` and `quit` are None, stdin raises, the tests' end decides.
 *
 * A task asks for one with `Program.semantics`, which the Python runtime sends to the worker
 * beside the source (never inside it) and the verdict cache key hashes. See docs/environments.md,
 * "Program semantics".
 */
export type ReferenceSemantics = 'human-eval' | 'evalplus' | 'bigcodebench';

/** Every ReferenceSemantics name (reference_guard.PROFILES has the same keys). */
export const REFERENCE_SEMANTICS: readonly ReferenceSemantics[] = [
  'human-eval',
  'evalplus',
  'bigcodebench',
];
