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
 * A task asks for one by ending its program with the pragma below: the source is part of the
 * verdict cache key, so the semantics are too. See docs/environments.md, "Program semantics".
 */
export type ReferenceSemantics = 'human-eval' | 'evalplus' | 'bigcodebench';

/** Read by reference_guard.profile_of on the program's last line (a comment to Python). */
export const REFERENCE_PRAGMA = '\n# passk: reference semantics ';

/** `source` run under `semantics`: the pragma as its last line. */
export function withReferenceSemantics(source: string, semantics: ReferenceSemantics): string {
  return `${source.endsWith('\n') ? source.slice(0, -1) : source}${REFERENCE_PRAGMA}${semantics}\n`;
}
