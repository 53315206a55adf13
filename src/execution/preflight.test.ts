import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreflightError, SandboxError } from '../core/errors.js';
import { createExecutor, runPreflight } from './index.js';
import { python } from './languages/python/python.js';
import { probeBwrap } from './sandboxes/bwrap.js';
import type { Executor } from './types.js';

const limits = { timeoutMs: 3000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 };
const reference = {
  language: 'python',
  source: 'def inc(x):\n    return x + 1\n\nassert inc(1) == 2\n',
};
let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false });
});
afterAll(async () => {
  await executor?.close();
});

describe('runPreflight', () => {
  it('passes on a working engine and says how many canaries ran', async () => {
    const report = await runPreflight(executor, {
      language: 'python',
      references: [reference],
      limits,
    });
    const attacks = python.canaries.attacks?.() ?? [];
    expect(attacks.length).toBeGreaterThanOrEqual(7);
    expect(report.canaries).toBe(6 + attacks.length);
    expect(report.verdicts.get('sleeper')?.status).toBe('timeout');
    // Issue 25's attacks on the in-process judge: none passes, each with its tamper reason.
    for (const { name, tamper } of attacks) {
      const verdict = report.verdicts.get(`attack-${name}`);
      expect([name, verdict?.status === 'passed', verdict?.tamper]).toEqual([name, false, tamper]);
    }
  });

  it('never re-runs the sleeper: its timeout is expected, and final', async () => {
    const before = executor.stats();
    const report = await runPreflight(executor, {
      language: 'python',
      references: [reference],
      limits,
    });
    expect(report.verdicts.get('sleeper')).toMatchObject({ status: 'timeout' });
    expect(report.verdicts.get('sleeper')?.rerun).toBeUndefined();
    expect(executor.stats().timeoutsRerun).toBe(before.timeoutsRerun);
    expect(executor.stats().timeouts).toBe(before.timeouts + 1);
  });

  it('refuses with PreflightError when a reference solution does not pass', async () => {
    const broken = { ...reference, source: reference.source.replace('x + 1', 'x + 2') };
    const run = runPreflight(executor, { language: 'python', references: [broken], limits });
    await expect(run).rejects.toBeInstanceOf(PreflightError);
    await expect(run).rejects.toThrow(/reference-0: expected passed, got failed/);
    // a wrong answer is no timeout: the hint stays on the sandbox
    await expect(run).rejects.toMatchObject({ hint: expect.stringMatching(/^sandbox 'bwrap'/) });
  });

  it('names the missing module when a reference fails on an import, not the sandbox', async () => {
    const importing = {
      ...reference,
      source: `import passk_no_such_module.sub\n${reference.source}`,
    };
    const run = runPreflight(executor, {
      language: 'python',
      references: [importing],
      limits,
      task: 'toy',
    });
    await expect(run).rejects.toMatchObject({
      hint: expect.stringMatching(
        /^the references need passk_no_such_module, which does not import here .*scripts\/setup\.sh --task toy/,
      ),
    });
  });

  it('blames a limit too small to start a program (--timeout 0.001), not the sandbox', async () => {
    const tiny = { ...limits, timeoutMs: 1 };
    const run = runPreflight(executor, {
      language: 'python',
      references: [reference],
      limits: tiny,
    });
    await expect(run).rejects.toMatchObject({
      hint: expect.stringMatching(
        /timed out under the per-program limit of 0\.001 s: raise --timeout/,
      ),
    });
  });
});

describe('bwrap probe', () => {
  it('explains how to install bubblewrap or opt into weaker isolation when it is missing', async () => {
    const { toolchain } = await python.resolve({});
    const probe = probeBwrap(toolchain, '/nonexistent/bwrap');
    await expect(probe).rejects.toBeInstanceOf(SandboxError);
    await expect(probe).rejects.toMatchObject({
      hint: expect.stringMatching(/apt-get install -y bubblewrap.*--sandbox process/),
    });
  });

  it('asks once per toolchain when the sandbox was built, every time when it was not', async () => {
    const { toolchain } = await python.resolve({});
    const dir = mkdtempSync(join(tmpdir(), 'passk-bwrap-probe-'));
    const log = join(dir, 'starts');
    const fake = (answer: string) => {
      const path = join(dir, `bwrap-${answer}`);
      writeFileSync(path, `#!/bin/sh\necho >> '${log}'\necho ${answer}\n`);
      chmodSync(path, 0o755);
      return path;
    };
    const starts = () => readFileSync(log, 'utf8').length;
    try {
      writeFileSync(log, '');
      const working = fake('ok');
      await probeBwrap(toolchain, working);
      await probeBwrap(toolchain, working);
      expect(starts()).toBe(1);
      const broken = fake('no');
      await expect(probeBwrap(toolchain, broken)).rejects.toBeInstanceOf(SandboxError);
      await expect(probeBwrap(toolchain, broken)).rejects.toBeInstanceOf(SandboxError);
      expect(starts()).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
