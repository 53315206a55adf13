import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  journalLines,
  readJson,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
} from '../helpers/toy-model.js';

/**
 * What a plain `passk run --resume DIR` takes from the run: its --python-env (recorded in the
 * RunConfig, so a resumed BigCodeBench/DS-1000 run imports from the same venv), never the first
 * invocation's presentation flags (--json).
 */

const serve = toyServers();

describe('passk run --resume DIR', () => {
  it('keeps --python-env and drops --json', async () => {
    const server = await serve();
    const out = await tempDir();
    const venv = join(out, 'venv');
    await mkdir(venv);
    // What makes a folder a virtual environment to passk (checked before any run starts).
    await writeFile(join(venv, 'pyvenv.cfg'), 'home = /usr/bin\n');
    const first = await runCli(
      toyRunArgs([server.baseUrl], out, [
        '--python-env',
        venv,
        '--json',
        '--progress-interval',
        '1',
      ]),
    );
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ generation: { samples: TOY_PROBLEMS * 3 } });
    const saved = await readJson(out, 'run-config.json');
    expect(saved.config.pythonEnv).toBe(venv);
    expect(saved.options).not.toHaveProperty('json');
    expect(saved.options).not.toHaveProperty('progressInterval');

    const resumed = await runCli([
      'run',
      '--resume',
      out,
      '--n-samples',
      '4',
      '--allow-code-execution',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await journalLines(out)).toHaveLength(TOY_PROBLEMS * 4);
    // the text summary, not JSON
    expect(resumed.stdout.trimStart().startsWith('{')).toBe(false);
    expect(resumed.stdout).toContain('pass@1');
    expect((await readJson(out, 'run.json')).config.pythonEnv).toBe(venv);
  });
});
