import { type ChildProcess, spawn } from 'node:child_process';
import { cliEntry, repoRoot } from './cli.js';
import { requireData } from './data.js';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** `passk serve` as a child process (token in PASSK_SERVE_TOKEN); resolves once it listens. */
export function startServeCli(args: string[], token: string): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...cliEntry(), 'serve', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PASSK_SERVE_TOKEN: token, PASSK_DATA_DIR: requireData() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) resolve({ child, url, stderr: () => stderr, exited });
    });
    child.on('exit', (code) => reject(new Error(`passk serve exited ${code}: ${stderr}`)));
  });
}

/** A gauge or counter's value in a server's /metrics (0 when absent). */
export async function metric(url: string, token: string, name: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(name)) total += Number(line.split(' ').at(-1));
  }
  return total;
}
