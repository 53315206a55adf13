import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

/**
 * `passk [COMMAND] --help` run in this process (main(), as bin.ts calls it): its exit code and
 * what it printed. Help texts need no process of their own: a CLI start costs ~0.3 s of CPU.
 */
export async function helpOf(command?: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  });
  try {
    return { code: await main(command === undefined ? ['--help'] : [command, '--help']), stdout };
  } finally {
    vi.restoreAllMocks();
  }
}
