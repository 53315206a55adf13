import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The harness files ending in `.${ext}` in the folder of the module `moduleUrl`. */
export function harnessFiles(moduleUrl: string, ext: string): string[] {
  const folder = dirname(fileURLToPath(moduleUrl));
  return readdirSync(folder)
    .filter((name) => name.endsWith(`.${ext}`))
    .sort()
    .map((name) => join(folder, name));
}

/**
 * Runs `command ...args FILE` for each file (`oneRun`: `command ...args FILES` once, for tools
 * that take many): what the tool said about the files it rejects, '' when it accepts them all.
 * A scratch folder is the working directory and Python's byte-code folder (HOME stays: rustup
 * finds its toolchain there).
 */
export function toolFailures(
  files: readonly string[],
  command: string,
  args: readonly string[] = [],
  oneRun = false,
): string {
  if (files.length === 0) return `no files to check with ${command}`;
  const scratch = mkdtempSync(join(tmpdir(), 'passk-harness-check-'));
  const env = { ...process.env, PYTHONPYCACHEPREFIX: scratch };
  try {
    const runs = oneRun ? [files] : files.map((file) => [file]);
    return runs
      .map((operands) => {
        const run = spawnSync(command, [...args, ...operands], {
          cwd: scratch,
          env,
          encoding: 'utf8',
        });
        const said = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error?.message ?? ''}`;
        return run.status === 0 ? '' : `${operands.join(' ')}: ${said.trim()}\n`;
      })
      .join('');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Compiles the files with `python3 -m compileall` (which takes many) in one Python process. */
export function pythonCompileFailures(files: readonly string[]): string {
  return toolFailures(files, 'python3', ['-m', 'compileall', '-q'], true);
}
