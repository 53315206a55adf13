import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type CliResult, repoRoot } from './cli.js';

/**
 * The CLI run in this process (main(), as bin.ts calls it, in the repository root as runCli):
 * its exit code and what it wrote to stdout and stderr, with `env` over this process's variables.
 * For commands refused before any work (user mistakes: exit 2 and one line), where a process of
 * their own adds nothing but ~0.25 s of CPU to start. Anything that runs programs, talks to a
 * server, writes a run or depends on signals and exit keeps its own process (runCli).
 */
export async function runCliInProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  });
  const saved = Object.keys(env).map((name) => [name, process.env[name]] as const);
  setEnv(Object.entries(env));
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  const cwd = process.cwd();
  process.chdir(repoRoot);
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    process.chdir(cwd);
    process.exitCode = exitCode;
    setEnv(saved);
    out.mockRestore();
    err.mockRestore();
  }
}

function setEnv(entries: Iterable<readonly [string, string | undefined]>): void {
  for (const [name, value] of entries) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
