import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

/**
 * `passk doctor --task aider-polyglot` once checked only the first track's toolchain (C++), so a
 * machine without Jest (or Go, Java, Rust) was called ready for a task with six languages. Every
 * language's toolchain is checked now, and each missing one says what to install.
 */

const noJest = mkdtempSync(join(tmpdir(), 'passk-no-jest-'));
afterAll(async () => {
  await rm(noJest, { recursive: true, force: true });
});

const TRACKS = ['cpp', 'go', 'java', 'javascript', 'python', 'rust'].map((t) => `exercism-${t}`);

describe('passk doctor on a combined task', () => {
  it("declares every language its problems' programs run in", async () => {
    const task = await tasks.get('aider-polyglot');
    const dataDir = requireData(task.dataset.localDir ?? '');
    const loaded = await loadDataset(task.dataset, { dataDir, offline: true });
    const used = new Set(
      task
        .problems(loaded.rows, loaded.file)
        .map((p) => task.program(p, p.reference ?? '').language),
    );
    expect([...used].sort()).toEqual(TRACKS);
    expect([...(task.languages ?? [])].sort()).toEqual(TRACKS);
  }, 120_000);

  it('checks all six toolchains and names the missing one with its install command', async () => {
    const result = await runCli(['doctor', '--task', 'aider-polyglot', '--json'], {
      PASSK_EXERCISM_JS_DIR: noJest,
    });
    expect(result.code, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      toolchains: { language: string; version?: string; missing?: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.toolchains.map((t) => t.language)).toEqual(TRACKS);
    for (const tool of report.toolchains) {
      if (tool.language === 'exercism-javascript') {
        expect(tool.missing).toContain(
          `Jest for exercism-javascript is not installed in ${noJest}`,
        );
      } else {
        // the rest are installed (scripts/setup.sh --test): each found, with its version
        expect(tool.missing, tool.language).toBeUndefined();
        expect(tool.version).toContain(tool.language);
      }
    }
    expect(result.stderr).toContain('passk: error: aider-polyglot: Jest for exercism-javascript');
    expect(result.stderr).toContain(
      'hint: run `bash scripts/setup.sh --task aider-polyglot-javascript`',
    );
  }, 120_000);

  it('prints one toolchain line per language', async () => {
    const result = await runCli(['doctor', '--task', 'aider-polyglot']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter((l) => l.startsWith('toolchain '));
    expect(lines.map((l) => /exercism-\w+/.exec(l)?.[0])).toEqual(TRACKS);
    expect(result.stdout).toContain(`task        aider-polyglot (${TRACKS.join(', ')})`);
  }, 120_000);
});
