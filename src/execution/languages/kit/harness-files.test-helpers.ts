import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes `files` (name → text) into a fresh temp folder and runs `argv` there (a compiler or
 * checker of the files' language); resolves with its output, rejects with the tool's stderr when
 * it exits non-zero. The folder is removed afterwards.
 */
export async function checkFiles(
  files: Record<string, string>,
  argv: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'passk-harness-check-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    const [command, ...args] = argv;
    const { stdout, stderr } = await run(command!, args, {
      cwd: dir,
      env: { PATH: '/usr/bin:/bin', HOME: process.env['HOME'] ?? dir, LANG: 'C', ...env },
      timeout: 120_000,
    }).catch((error: unknown) => {
      const output = (error as { stderr?: string }).stderr ?? String(error);
      throw new Error(`${argv.join(' ')} rejected the harness files:\n${output}`);
    });
    return stdout + stderr;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
