import { spawn } from 'node:child_process';

/** Output of a short helper command that exited 0. */
export interface CommandOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs a short, trusted helper command (a version probe, a sandbox probe) and resolves with its
 * output; rejects with an Error carrying `stderr` when it fails, cannot start, or passes timeoutMs.
 */
export function runCommand(
  argv: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(Object.assign(error, { stderr }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          Object.assign(new Error(`${command} ended with ${signal ?? `status ${code}`}`), {
            stderr,
          }),
        );
    });
  });
}
