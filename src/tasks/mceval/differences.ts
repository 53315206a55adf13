/**
 * Where passk's McEval tasks judge differently from McEval's eval/excute.py (MCEVAL/McEval @
 * 09dec12), by task: recorded in metrics.json as `reference_differences` (docs/tasks.md).
 */
const NODE_STDERR =
  "pass rule: McEval also fails a run whose stderr holds 'failed' anywhere (what a failed console.assert prints); passk fails a console.assert by throwing, and does not read stderr, so a program that only writes 'failed' to stderr passes here";

const RACKUNIT_ERROR =
  "pass rule: McEval fails a run on 'FAILURE' in stderr only; a rackunit check whose expression raises (the answer calls `error` or breaks a contract) prints ERROR and goes on, so McEval passes an answer that raises in every check; passk's check handler fails it";

const OWN: Readonly<Record<string, readonly string[]>> = {
  'mceval-racket': [RACKUNIT_ERROR],
  'mceval-scheme': [RACKUNIT_ERROR],
  'mceval-javascript': [
    NODE_STDERR,
    "time: 30 s where McEval waits 15 s: JavaScript/41's reference takes ~9 s of CPU under passk's Node in its sandbox (under 1 s natively) and timed out at 15 s under load",
  ],
  'mceval-typescript': [
    NODE_STDERR,
    "time: McEval gives `tsc` and then `node` 15 s each (safe_subprocess.run's default, within a 30 s time_limit); passk gives compile and run 30 s together",
    "type check: McEval runs the JavaScript `tsc --lib es2015,dom` emits whatever the compiler reports; passk's TypeScript runtime fails a program with a type error (type-error), so passk is stricter",
  ],
  'mceval-rust': [
    "time: McEval's 15 s (safe_subprocess.run's default; the 35 s time_limit around it never fires) include `cargo test` building the program and, `target/` removed before each run, its rand, regex and md5 crates; passk's 15 s are the program's run, its compile limited apart",
  ],
  'mceval-go': [
    "time: McEval's 15 s (safe_subprocess.run's default; the 35 s time_limit around it never fires) include `go test` compiling the program; passk's 15 s are the test binary's run, its compile limited apart",
  ],
  'mceval-lisp': [
    'time: McEval counts a run of `sbcl --script` still going at 15 s as a pass; passk fails it (timeout)',
  ],
  'mceval-lua': [
    "pass rule: McEval also fails a run whose stderr holds 'failed'; passk does not read stderr (a failed assert exits 1 in both)",
  ],
  'mceval-shell': [
    'time: McEval counts a run still going at 15 s as a pass; passk gives it 60 s (Shell/1 forks ~750 bc processes, 15-28 s under load) and then fails it',
  ],
  'mceval-python': [
    "no code: a reply without `def <entry point>` (McEval's extraction returns None) is run by McEval's eval_all.py as the program `1234`, which exits 0 and passes; passk fails it (an empty candidate before the test)",
  ],
  'mceval-kotlin': [
    "no code: a reply whose code has no `{` (McEval's extraction fails) is run by McEval's eval_all.py as the script `1234`, which kotlinc -script runs to its end, a pass; passk fails it (the tests run against no candidate)",
    'time: McEval wraps `kotlinc -script` in a 25 s time_limit, but its safe_subprocess.run kills the command at its default 15 s (exit -1, a failure); passk allows 25 s, so a run of 15-25 s passes here and fails there',
  ],
  'mceval-csharp': [
    'time: McEval wraps `dotnet run` in a 30 s time_limit, but its safe_subprocess.run kills the command at its default 15 s (exit -1, a failure); passk allows 30 s, so a run of 15-30 s passes here and fails there',
  ],
  'mceval-ruby': [
    "no code: a reply without `def <entry point>` (McEval's extraction returns None) is run by McEval's eval_all.py as the program `1234`, which exits 0 and passes; passk fails it (an empty candidate before the test)",
  ],
  'mceval-php': [
    "assertions: passk runs php with zend.assertions=1 and assert.exception=1, so a failed assert() throws (exit 255); McEval's verdict depends on its php.ini (a production zend.assertions=-1 would skip every assert)",
  ],
};

/** Every McEval task: McEval's extraction reads the raw reply, passk's the reply without reasoning. */
const REASONING =
  "reasoning: passk removes `<think>…</think>` from a reply before McEval's extraction (docs/commands.md, reasoning models); McEval's extraction reads the raw reply, so where it takes the first fenced block (C, C++, JavaScript, TypeScript, …) a draft block inside the reasoning is what McEval runs";

export function mcevalDifferences(task: { name: string }): readonly string[] {
  return [REASONING, ...(OWN[task.name] ?? [])];
}
