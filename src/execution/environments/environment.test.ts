import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExecutor, ENGINE_VERSION } from '../index.js';
import type { ExecJob } from '../types.js';
import type { ExecEnvironment } from './types.js';

const ENV: ExecEnvironment = {
  python: { modules: ['numpy', 'pandas'], debianPackages: ['python3-numpy', 'python3-pandas'] },
};
const limits = { timeoutMs: 30_000, memoryBytes: 4 * 2 ** 30, outputBytes: 1 << 20 };
const cacheRoot = mkdtempSync(join(tmpdir(), 'passk-env-test-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

/**
 * Uses numpy and pandas, and checks where the per-sample writable places are: temporary files
 * in `tmp` (bwrap: the sample's private /tmp, as on upstream's machines; else its scratch dir).
 */
const usesLibraries = (tmp: string) =>
  [
    'import os',
    'import numpy as np',
    'import pandas as pd',
    'assert int(np.arange(4).sum()) == 6',
    "assert int(pd.DataFrame({'a': [1, 2]})['a'].sum()) == 3",
    "assert os.environ['HOME'] == os.getcwd()",
    "assert os.environ['MPLCONFIGDIR'].startswith(os.getcwd())",
    "assert os.environ['XDG_CACHE_HOME'].startswith(os.getcwd())",
    "assert os.environ['MPLBACKEND'] == 'Agg'",
    "assert os.environ['OPENBLAS_NUM_THREADS'] == '1'",
    'import tempfile',
    `TMP = ${tmp}`,
    'with tempfile.TemporaryDirectory() as tmp:',
    "    open(os.path.join(tmp, 'x'), 'w').write('x')",
    '    assert tmp.startswith(TMP + "/tmp"), tmp',
    'assert tempfile.mkstemp()[1].startswith(TMP + "/tmp")',
    '',
  ].join('\n');

function job(id: string, source: string, environment?: ExecEnvironment): ExecJob {
  return {
    id,
    program: { language: 'python', source, ...(environment ? { environment } : {}) },
    limits,
  };
}

describe.each(['bwrap', 'process', 'subprocess'])('library environment (%s)', (sandbox) => {
  it('imports the libraries with an environment and only the standard library without', async () => {
    const cacheDir = join(cacheRoot, sandbox);
    const executor = await createExecutor({
      allowCodeExecution: true,
      sandbox,
      workers: 1,
      cacheDir,
    });
    const USES_LIBRARIES = usesLibraries(sandbox === 'bwrap' ? '"/tmp"' : 'os.getcwd()');
    try {
      const verdicts = await executor.run([
        job('with', USES_LIBRARIES, ENV),
        job('without', USES_LIBRARIES),
      ]);
      expect(verdicts.get('with')).toMatchObject({ status: 'passed' });
      expect(verdicts.get('without')).toMatchObject({
        status: 'error',
        errorType: 'ModuleNotFoundError',
      });
      // Same source, two environments: two cache entries, neither answers for the other.
      expect(executor.stats()).toMatchObject({ executed: 2, deduplicated: 0 });
      const lines = readFileSync(join(cacheDir, `${ENGINE_VERSION}.jsonl`), 'utf8')
        .trim()
        .split('\n');
      expect(new Set(lines.map((line) => JSON.parse(line).k)).size).toBe(2);
    } finally {
      await executor.close();
    }
  });
});
