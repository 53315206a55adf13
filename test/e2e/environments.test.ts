/**
 * Python tasks with a library environment, end to end through the library and the CLI: a tiny
 * task defined here (numpy/pandas), Debian's dist-packages, a venv given as --python-env, the
 * metrics.json record, and `passk doctor`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor, evaluate } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { libraryTask } from '../helpers/library-task.js';

let dir: string;
let dataFile: string;

/** Each row: a reference body using the libraries, and the test lines. */
const ROWS = [
  {
    id: 'mean',
    code: 'import numpy as np\ndef solve(xs):\n    return float(np.mean(xs))\n',
    test: 'assert solve([1, 2, 3]) == 2.0\n',
  },
  {
    id: 'frame',
    code: "import pandas as pd\ndef solve(xs):\n    return int(pd.DataFrame({'x': xs})['x'].sum())\n",
    test: 'assert solve([1, 2, 3]) == 6\n',
  },
];

const NUMERIC = libraryTask(
  'numeric-env',
  ['numpy', 'pandas'],
  ['python3-numpy', 'python3-pandas'],
);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'passk-env-e2e-'));
  dataFile = join(dir, 'rows.jsonl');
  writeFileSync(dataFile, ROWS.map((row) => JSON.stringify(row)).join('\n'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a task with a Python environment', () => {
  it('passes its references with Debian’s libraries and records the environment', async () => {
    const outputDir = join(dir, 'run');
    const { metrics, results } = await evaluate({
      task: NUMERIC,
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      dataset: { datasetPath: dataFile },
      outputDir,
      db: false,
      workers: 1,
      verdictCache: false,
    });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect(metrics['numeric-env']).toEqual({ 'pass@1': 1 });
    const python = (metrics['environment'] as { python: Record<string, unknown> }).python;
    expect(python).toMatchObject({
      interpreter: expect.stringMatching(/^\/usr\/bin\/python3/),
      flags: ['-I', '-S'],
      source: 'debian',
      sitePaths: ['/usr/lib/python3/dist-packages'],
      modules: { numpy: expect.stringMatching(/^\d+\.\d+/), pandas: expect.stringMatching(/^\d/) },
      env: expect.objectContaining({ MPLBACKEND: 'Agg' }),
    });
    // Environment tasks get a larger default address-space limit (numpy, pandas map a lot).
    const run = JSON.parse(readFileSync(join(outputDir, 'run.json'), 'utf8'));
    expect(run.config.memoryBytes).toBe(4 * 1024 ** 3);
  });

  it('fails a wrong sample and a program that imports a module no environment provides', async () => {
    const wrong = 'import numpy as np\ndef solve(xs):\n    return float(np.sum(xs))\n';
    const absent = 'import passk_no_such_module\ndef solve(xs):\n    return 6\n';
    const { results } = await evaluate({
      task: NUMERIC,
      candidates: {
        kind: 'records',
        records: [
          { problemId: 'mean', sample: 0, raw: wrong, program: wrong },
          { problemId: 'frame', sample: 0, raw: absent, program: absent },
        ],
      },
      allowCodeExecution: true,
      dataset: { datasetPath: dataFile },
      workers: 1,
      verdictCache: false,
      preflight: false,
    });
    expect(results.map((r) => [r.status, r.error_type])).toEqual([
      ['failed', 'AssertionError'],
      ['error', 'ModuleNotFoundError'],
    ]);
  });
});

describe('--python-env: a venv instead of Debian’s packages', () => {
  let venv: string;
  beforeAll(() => {
    venv = join(dir, 'venv');
    execFileSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', venv]);
    const version = execFileSync('/usr/bin/python3', [
      '-c',
      'import sys; print("python%d.%d" % sys.version_info[:2])',
    ])
      .toString()
      .trim();
    const pkg = join(venv, 'lib', version, 'site-packages', 'venvonly');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, '__init__.py'),
      "__version__ = '7.7.7'\ndef answer():\n    return 42\n",
    );
  });

  const VENV_TASK = libraryTask('venv-env', ['venvonly']);
  const USES_VENV = 'import venvonly\ndef solve(xs):\n    return venvonly.answer()\n';

  it('imports the venv’s packages with --python-env, and not without it', async () => {
    const records = [{ problemId: 'mean', sample: 0, raw: USES_VENV, program: USES_VENV }];
    const task = {
      ...VENV_TASK,
      program: NUMERIC.program,
      problems: (rows: readonly Record<string, unknown>[]) =>
        NUMERIC.problems(rows, '').map((p) => ({ ...p, tests: 'assert solve([]) == 42\n' })),
    };
    const common = {
      task,
      candidates: { kind: 'records' as const, records },
      allowCodeExecution: true as const,
      dataset: { datasetPath: dataFile },
      workers: 1,
      verdictCache: false as const,
      preflight: false,
      limit: 1,
    };
    const withVenv = await evaluate({ ...common, pythonEnv: venv });
    expect(withVenv.results[0]).toMatchObject({ status: 'passed' });
    const python = (withVenv.metrics['environment'] as { python: Record<string, unknown> }).python;
    expect(python).toMatchObject({ source: 'venv', venv, modules: { venvonly: '7.7.7' } });
    const without = await evaluate(common);
    expect(without.results[0]).toMatchObject({
      status: 'error',
      error_type: 'ModuleNotFoundError',
    });
  });

  it('reaches the programs from the CLI flag (passk run --python-env DIR)', async () => {
    const file = join(dir, 'venv-task.mjs');
    writeFileSync(file, taskModule('venv-cli', ['venvonly']));
    const rows = join(dir, 'venv-rows.jsonl');
    const row = { id: 'v', code: USES_VENV, test: 'assert solve([]) == 42\n' };
    writeFileSync(rows, JSON.stringify(row));
    const out = join(dir, 'venv-run');
    const args = ['run', '--task', file, '--dataset-path', rows, '--model', 'reference'];
    const common = [...args, '--allow-code-execution', '--no-db', '--no-cache', '--output-dir'];
    const result = await runCli([...common, out, '--python-env', venv]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
    expect(metrics[file]).toEqual({ 'pass@1': 1 });
    expect(metrics.environment.python).toMatchObject({ source: 'venv', venv });
    // Without the flag venvonly is missing here: the preflight leaves that reference out (the
    // machine's fault, not the engine's), says which module, and the sample is scored as the
    // error it is.
    const without = await runCli([...common, join(dir, 'venv-run-2')]);
    expect(without.code, without.stderr).toBe(0);
    expect(without.stderr).not.toContain('failed its preflight');
    expect(without.stderr).toMatch(/the preflight runs none .*: venvonly \(ModuleNotFoundError/);
    const scored = JSON.parse(readFileSync(join(dir, 'venv-run-2', 'results.jsonl'), 'utf8'));
    expect(scored).toMatchObject({ status: 'error', error_type: 'ModuleNotFoundError' });
  });

  it('is mounted read-only: a program cannot change the venv', async () => {
    const target = join(venv, 'lib');
    const attack = `import os\ndef solve(xs):\n    open(${JSON.stringify(join(target, 'owned.txt'))}, 'w').write('x')\n    return 42\n`;
    const { results } = await evaluate({
      task: { ...VENV_TASK, program: NUMERIC.program, problems: NUMERIC.problems },
      candidates: {
        kind: 'records',
        records: [{ problemId: 'mean', sample: 0, raw: attack, program: attack }],
      },
      allowCodeExecution: true,
      dataset: { datasetPath: dataFile },
      pythonEnv: venv,
      workers: 1,
      verdictCache: false,
      preflight: false,
      limit: 1,
    });
    expect(results[0]).toMatchObject({
      status: 'error',
      error_type: expect.stringMatching(/OSError|PermissionError/),
    });
    expect(() => readFileSync(join(target, 'owned.txt'))).toThrow();
  });
});

describe('passk doctor', () => {
  it('reports every module importable in the sandbox, with versions, and the references', async () => {
    const report = await doctor({
      task: NUMERIC,
      allowCodeExecution: true,
      dataset: { datasetPath: dataFile },
      workers: 1,
      verdictCache: false,
    });
    expect(report).toMatchObject({
      ok: true,
      kind: 'debian',
      sandboxWorks: true,
      sandbox: { sandbox: 'bwrap', isolation: 'namespaces' },
      missing: [],
      references: { problems: 2, passed: 2, passRate: 1, failures: [] },
    });
    expect(report.modules.map((m) => [m.name, m.importable])).toEqual([
      ['numpy', true],
      ['pandas', true],
    ]);
    expect(report.modules[0]?.version).toMatch(/^\d+\.\d+/);
  });

  it('exits 3 naming the missing module, with the setup.sh --task and --python-env hint', async () => {
    const file = join(dir, 'missing-task.mjs');
    writeFileSync(file, taskModule('needs-missing', ['json', 'passk_no_such_module']));
    const result = await runCli(['doctor', '--task', file]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/json\s+ok/);
    expect(result.stdout).toMatch(/passk_no_such_module\s+MISSING\s+ModuleNotFoundError/);
    expect(result.stderr).toContain('not importable in the sandbox: passk_no_such_module');
    expect(result.stderr).toContain(`scripts/setup.sh --task ${file}`);
    expect(result.stderr).toContain('--python-env');
  });

  it('runs the references with --allow-code-execution, honouring --limit and --limit-start', async () => {
    const file = join(dir, 'numeric-task.mjs');
    writeFileSync(file, taskModule('numeric-cli', ['numpy']));
    const rows = join(dir, 'one-wrong.jsonl');
    const bad = {
      id: 'bad',
      code: 'def solve(xs):\n    return 0\n',
      test: 'assert solve([1]) == 1\n',
    };
    writeFileSync(rows, [ROWS[0], bad, ROWS[1]].map((row) => JSON.stringify(row)).join('\n'));
    const cli = (...extra: string[]) =>
      runCli([
        'doctor',
        '--task',
        file,
        '--dataset-path',
        rows,
        '--allow-code-execution',
        '--no-cache',
        ...extra,
      ]);
    const two = await cli('--limit', '2');
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toMatch(/numpy\s+ok \d/);
    expect(two.stdout).toContain('references  1/2 passed (50.0%)');
    expect(two.stdout).toMatch(/\n {2}bad {2}failed/);
    const last = await cli('--limit', '1', '--limit-start', '2');
    expect(last.stdout).toContain('references  1/1 passed (100.0%)');
  });

  it('reports the standard-library-only state for a task without an environment', async () => {
    const file = join(dir, 'plain-task.mjs');
    writeFileSync(file, taskModule('plain', undefined));
    const result = await runCli(['doctor', '--task', file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      kind: 'stdlib',
      sandboxWorks: true,
      modules: [],
      sitePaths: [],
    });
  });
});

/**
 * A task module file for the CLI (plain JavaScript: loaded by path, as a user's would be); its
 * problems are rows like ROWS (id, code = the reference, test).
 */
function taskModule(name: string, modules: string[] | undefined): string {
  const environment = modules
    ? `environment: { python: { modules: ${JSON.stringify(modules)}, debianPackages: [] } },`
    : '';
  return `export default {
  name: ${JSON.stringify(name)}, description: 'doctor test', language: 'python',
  dataset: { hub: { repo: 'none/none', revision: '${'0'.repeat(40)}', path: 'none.jsonl' } },
  defaultTimeoutMs: 60000, stopSequences: [], ${environment}
  problems: (rows) => rows.map((r) => ({ id: r.id, language: 'python', prompt: '', datasetPrompt: '',
    tests: r.test, reference: r.code, meta: {} })),
  postprocess: (_, t) => t,
  program: (p, c) => ({ language: 'python', source: c + '\\n' + p.tests }),
};
`;
}
