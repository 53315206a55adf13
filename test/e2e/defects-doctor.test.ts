import { existsSync, mkdtempSync } from 'node:fs';
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
const noRustup = mkdtempSync(join(tmpdir(), 'passk-no-rustup-'));
afterAll(async () => {
  await rm(noJest, { recursive: true, force: true });
  await rm(noRustup, { recursive: true, force: true });
});

type Toolchain = { language: string; version?: string; missing?: string };
async function doctorToolchains(env: NodeJS.ProcessEnv) {
  const result = await runCli(['doctor', '--task', 'aider-polyglot', '--json'], env);
  const report = JSON.parse(result.stdout) as { toolchains: Toolchain[] };
  return { result, toolchains: report.toolchains };
}

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

  // Rust is found where the executor looks (rustup's proxy under $HOME, else /usr/bin/rustc), not
  // on PATH: with $HOME hiding rustup and no Debian rustc, cargo is missing. Its version command
  // once "succeeded" all the same (an echo around it), so doctor printed the shell's "not found"
  // as cargo's version and a run built every Rust exercise with a cargo that was not there.
  it.skipIf(existsSync('/usr/bin/rustc'))(
    'a toolchain hidden from the lookup the executor uses is MISSING, on its own line; PATH changes nothing',
    async () => {
      const usual = await doctorToolchains({});
      // the executor runs each toolchain by its full path: a PATH without them finds the same
      const onPath = await doctorToolchains({ PATH: noRustup });
      expect(onPath.toolchains).toEqual(usual.toolchains);
      const hidden = await doctorToolchains({ HOME: noRustup });
      expect(hidden.toolchains.map((t) => t.language)).toEqual(TRACKS);
      for (const [i, tool] of hidden.toolchains.entries()) {
        if (tool.language !== 'exercism-rust') expect(tool).toEqual(usual.toolchains[i]);
      }
      expect(hidden.toolchains.find((t) => t.language === 'exercism-rust')).toEqual({
        language: 'exercism-rust',
        missing: 'the exercism-rust toolchain is not installed (/usr/bin/cargo)',
      });
      expect(hidden.result.code).toBe(3);
      expect(hidden.result.stderr).toContain('run scripts/setup.sh, or apt-get install -y cargo');
      const text = await runCli(['doctor', '--task', 'aider-polyglot'], { HOME: noRustup });
      const lines = text.stdout.split('\n').filter((l) => l.startsWith('toolchain '));
      expect(lines).toHaveLength(TRACKS.length);
      expect(lines[TRACKS.indexOf('exercism-rust')]).toBe(
        'toolchain   MISSING  the exercism-rust toolchain is not installed (/usr/bin/cargo)',
      );
    },
    240_000,
  );
});
