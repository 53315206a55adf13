import { execFileSync } from 'node:child_process';

/** The command lines of this process's children that are warm workers (worker.py). */
export function warmWorkers(): string[] {
  try {
    const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], {
      encoding: 'utf8',
    });
    return out.split('\n').filter((line) => /worker\.py/.test(line));
  } catch {
    return []; // ps exits 1 when there is none
  }
}

/**
 * The most warm workers seen over `ms` (looked at every 100 ms): a worker left to start after a
 * call returned shows up a moment later, not at once.
 */
export async function mostWarmWorkers(ms = 3000): Promise<number> {
  let most = 0;
  const end = Date.now() + ms;
  while (Date.now() <= end) {
    most = Math.max(most, warmWorkers().length);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return most;
}
