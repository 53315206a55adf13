import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * Same generations file, same verdicts as the reference harnesses. The samples are crafted to hit
 * the cases that a replay can get wrong (CRLF, a lone CR, tabs, trailing whitespace, unicode, an
 * empty completion, a completion that re-states the prompt, a stop sequence and a helper that a
 * generation-time cut would have removed, duplicates). Each verdict is compared with an
 * independent oracle: real Python running the program each harness builds —
 * human-eval: `prompt + completion + "\n" + test + "\n" + f"check({entry_point})"`
 * (human_eval/execution.py), bigcode: `generation + "\n" + reference` with reference
 * `"\n" + test + "\n" + f"check({entry_point})"` (tasks/humaneval.py, custom_metrics/code_eval.py)
 * — `exec`uted in fresh globals under a 3 s alarm, passing when nothing is raised, each in a
 * process of its own forked from one interpreter (as human-eval's multiprocessing.Process per
 * program): one interpreter start per list, not one per program.
 */

interface Row {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
}

const problems: Row[] = [
  {
    task_id: 'fid/0',
    prompt:
      'def frac(x: float) -> float:\n    """Return the fractional part of a positive number.\n    >>> frac(3.5)\n    0.5\n    """\n',
    canonical_solution: '    return x % 1.0\n',
    test: '\n\nMETADATA = {}\n\n\ndef check(candidate):\n    assert candidate(3.5) == 0.5\n    assert abs(candidate(1.25) - 0.25) < 1e-9\n',
    entry_point: 'frac',
  },
  {
    task_id: 'fid/1',
    prompt:
      'def count_words(s: str) -> int:\n    """Number of whitespace-separated words in s."""\n',
    canonical_solution: '    return len(s.split())\n',
    test: "\n\ndef check(candidate):\n    assert candidate('a b  c') == 3\n    assert candidate('') == 0\n    assert candidate('ünï cødé') == 2\n",
    entry_point: 'count_words',
  },
];

/** [task, completion, what it exercises, the reference's verdict]. */
const samples: [string, string, string, boolean][] = [
  ['fid/0', '    return x % 1.0\n', 'plain', true],
  ['fid/0', '    y = x % 1.0\r\n    return y\r\n', 'CRLF line ends', true],
  ['fid/0', '    y = x % 1.0\r    return y\r', 'lone CR line ends', true],
  ['fid/0', '\treturn x % 1.0\n', 'a tab after a prompt indented with spaces', false],
  ['fid/0', '    return x % 1.0   \n\t\n   \n', 'trailing whitespace and blank lines', true],
  ['fid/0', '    # ünï — 测试 😀 \u2028 end\n    return x % 1.0\n', 'unicode, U+2028', true],
  ['fid/0', '', 'an empty completion', false],
  ['fid/0', `${problems[0]!.prompt}    return x % 1.0\n`, 'the prompt re-stated', true],
  [
    'fid/0',
    "    return x % 1.0\n\nif __name__ == '__main__':\n    raise SystemExit(1)\n",
    'a stop sequence and a __main__ block (not cut: files are scored as they are)',
    true,
  ],
  [
    'fid/0',
    '    return _helper(x)\n\ndef _helper(v):\n    return v - int(v)\n',
    'a helper after the function',
    true,
  ],
  ['fid/0', '    return x % 1.0\n', 'a duplicate of the first sample', true],
  ['fid/0', '    return x\n', 'wrong', false],
  ['fid/0', '\ufeff    return x % 1.0\n', 'a byte-order mark', false],
  ['fid/0', '    import sys\n    sys.exit(0)\n', 'sys.exit(0) before any assert', false],
  // human-eval joins a trailing continuation with the blank line its "\n" + test starts with.
  ['fid/0', '    return x % 1.0 \\', 'a trailing backslash (line continuation)', true],
  ['fid/0', '    return x % 1.0 \\\n', 'a trailing backslash and newline', true],
  ['fid/0', '    return (x % 1.0 \\', 'a trailing backslash in an open bracket', false],
  ['fid/1', '    return len(s.split())\n', 'plain', true],
  ['fid/1', "    return len(s.split(' '))\n", 'wrong on double spaces', false],
  [
    'fid/1',
    '    return len(s.split())  # nbsp:\u00a0, tab:\t\n',
    'NBSP and tab in a comment',
    true,
  ],
];

const ORACLE = `
import json, os, signal, sys
class Timeout(Exception):
    pass
def on_alarm(signum, frame):
    raise Timeout()
def run(program):
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, 3.0)
    try:
        exec(program, {})
        passed = True
    except BaseException:
        passed = False
    os._exit(0 if passed else 1)
verdicts = []
for program in json.load(sys.stdin):
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        run(program)
    _, status = os.waitpid(pid, 0)
    verdicts.append(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0)
print(json.dumps(verdicts))
`;

/** The reference's verdicts: each program run by real Python as the harness runs it. */
function oracle(programs: readonly string[]): boolean[] {
  const input = JSON.stringify(programs);
  const run = spawnSync('python3', ['-c', ORACLE], { input, encoding: 'utf8' });
  const verdicts = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null');
  expect(verdicts, run.stderr).toHaveLength(programs.length);
  return verdicts;
}

const byId = new Map(problems.map((p) => [p.task_id, p]));
const humanEvalProgram = (taskId: string, completion: string) => {
  const p = byId.get(taskId)!;
  return `${p.prompt + completion}\n${p.test}\ncheck(${p.entry_point})`;
};
const bigcodeProgram = (generation: string, taskId: string) => {
  const p = byId.get(taskId)!;
  return `${generation}\n${`\n${p.test}\ncheck(${p.entry_point})`}`;
};

const all = samples.map(([t, c]) => [t, c] as const);

/** human-eval's pass@1: the mean over problems of correct / n. */
function passAt1(verdicts: readonly boolean[]): number {
  const perTask = problems.map((p) => {
    const mine = verdicts.filter((_, i) => all[i]![0] === p.task_id);
    return mine.filter(Boolean).length / mine.length;
  });
  return perTask.reduce((a, b) => a + b, 0) / perTask.length;
}

interface Scored {
  code: number;
  stderr: string;
  passAt1: number;
  /** Verdicts in the file's order (task, then order of appearance). */
  passed: boolean[];
  /** Where each verdict was decided (results.jsonl `judge`), distinct values. */
  judges: (string | undefined)[];
}

async function evaluate(
  name: string,
  content: string | Record<string, string>,
  extra: string[] = [],
): Promise<Scored> {
  const dir = await tempDir();
  const dataset = join(dir, 'problems.jsonl');
  await writeFile(dataset, problems.map((p) => JSON.stringify(p)).join('\n'));
  if (typeof content === 'string') await writeFile(join(dir, name), content);
  else {
    for (const [path, text] of Object.entries(content)) {
      await mkdir(join(dir, name, path, '..'), { recursive: true });
      await writeFile(join(dir, name, path), text);
    }
  }
  const out = join(dir, 'out');
  const args = ['evaluate', '--task', 'humaneval', '--allow-code-execution', '--k', '1'];
  const result = await runCli([
    ...args,
    ...['--dataset-path', dataset, '--generations', join(dir, name), '--output-dir', out],
    ...extra,
  ]);
  if (result.code !== 0)
    return { code: result.code ?? -1, stderr: result.stderr, passAt1: 0, passed: [], judges: [] };
  const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
  const rows = (await readFile(join(out, 'results.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as { task_id: string; sample: number; status: string; judge?: string },
    );
  const status = new Map(rows.map((r) => [`${r.task_id}#${r.sample}`, r.status === 'passed']));
  const seen = new Map<string, number>();
  const passed = all.map(([taskId]) => {
    const sample = seen.get(taskId) ?? 0;
    seen.set(taskId, sample + 1);
    return status.get(`${taskId}#${sample}`) ?? false;
  });
  return {
    code: 0,
    stderr: result.stderr,
    passAt1: metrics.humaneval['pass@1'],
    passed,
    judges: [...new Set(rows.map((r) => r.judge))],
  };
}

describe('replayed generations score as the reference harnesses score them', () => {
  const humanEval = oracle(all.map(([t, c]) => humanEvalProgram(t, c)));
  const bigcode = oracle(all.map(([t, c]) => bigcodeProgram(byId.get(t)!.prompt + c, t)));
  // EvalPlus's folder: whole programs read in Python's text mode (a lone CR becomes "\n").
  const evalPlus = oracle(all.map(([t, c]) => humanEvalProgram(t, c.replace(/\r\n?/g, '\n'))));
  let samplesRun: Scored;
  let bigcodeRun: Scored;
  let folderRun: Scored;
  let inProcessRun: Scored;

  beforeAll(async () => {
    const jsonl = all.map(([task_id, completion]) => JSON.stringify({ task_id, completion }));
    const lists = problems.map((p) =>
      all.filter(([t]) => t === p.task_id).map(([, c]) => p.prompt + c),
    );
    const counts = new Map<string, number>();
    const files = Object.fromEntries(
      all.map(([taskId, completion]) => {
        const n = counts.get(taskId) ?? 0;
        counts.set(taskId, n + 1);
        const path = `${taskId.replace('/', '_')}/${n}.py`;
        return [path, byId.get(taskId)!.prompt + completion];
      }),
    );
    [samplesRun, bigcodeRun, folderRun, inProcessRun] = await Promise.all([
      evaluate('samples.jsonl', `${jsonl.join('\r\n')}\r\n\n`),
      evaluate('generations.json', JSON.stringify(lists)),
      evaluate('evalplus-samples', files),
      evaluate('samples.jsonl', `${jsonl.join('\r\n')}\r\n\n`, ['--judge', 'in-process']),
    ]);
  }, 240_000);

  it('the oracle gives the verdicts each case was written for', () => {
    const expected = samples.map(([, , , verdict]) => verdict);
    expect(humanEval).toEqual(expected);
    expect(bigcode).toEqual(expected);
    expect(evalPlus).toEqual(expected);
  });

  it('human-eval samples.jsonl (CRLF rows, a blank line): every verdict and pass@1 agree', () => {
    expect(samplesRun.code, samplesRun.stderr).toBe(0);
    expect(samplesRun.judges).toEqual(['outside']);
    expect(samplesRun.passed).toEqual(humanEval);
    expect(samplesRun.passAt1).toBeCloseTo(passAt1(humanEval), 12);
  });

  it('the same samples judged in-process (--judge in-process) agree too', () => {
    expect(inProcessRun.code, inProcessRun.stderr).toBe(0);
    expect(inProcessRun.judges).toEqual([undefined]);
    expect(inProcessRun.passed).toEqual(humanEval);
  });

  it('bigcode generations.json (full programs): every verdict agrees', () => {
    expect(bigcodeRun.code, bigcodeRun.stderr).toBe(0);
    expect(bigcodeRun.passed).toEqual(bigcode);
    expect(bigcodeRun.passAt1).toBeCloseTo(passAt1(bigcode), 12);
  });

  it("EvalPlus's samples folder (task folders of N.py, whole programs): every verdict agrees", () => {
    expect(folderRun.code, folderRun.stderr).toBe(0);
    expect(folderRun.passed).toEqual(evalPlus);
    expect(folderRun.passAt1).toBeCloseTo(passAt1(evalPlus), 12);
  });
});
