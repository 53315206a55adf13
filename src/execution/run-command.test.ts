import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processesMatching } from '../../test/security/helpers.js';
import { CommandError, type HostLimits, runCommand } from './run-command.js';

/** Every marker a test used: whatever still carries one is killed after the test. */
const markers: string[] = [];

/** A sleep of about 300 s whose own command line is unique to this test (`sleep 300.<digits>`). */
function markedSleep(): string {
  const made = `sleep 300.${randomInt(1e9)}`;
  markers.push(made);
  return made;
}

afterEach(() => {
  for (const found of markers.splice(0).flatMap(processesMatching)) {
    try {
      process.kill(found.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

/** True while `pid` runs (a zombie, killed but not yet reaped by a subreaper, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Settles within `ms` or rejects: a runCommand that waited on the pipes' last holder (the
 * behaviour this file guards against) fails here instead of hanging the suite.
 */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms),
    ),
  ]);
}

const LIMITS: HostLimits = {
  cpuSeconds: 5,
  memoryBytes: 256 * 2 ** 20,
  fileBytes: 4096,
  processes: 4096,
};

describe('runCommand', () => {
  it('settles on exit while a grandchild it left still holds the pipes, and kills that grandchild', async () => {
    const mark = markedSleep();
    const script = `(${mark}; true) & echo started`;
    const output = await within(runCommand(['/bin/sh', '-c', script]), 10_000);
    expect(output.stdout).toBe('started\n');
    await expect.poll(() => processesMatching(mark).length).toBe(0);
  }, 20_000);

  it('on timeout kills the whole group, a child that ignores SIGTERM too, and rejects', async () => {
    const mark = markedSleep();
    const script = `trap '' TERM; (trap '' TERM; ${mark}; true) & ${mark}; true`;
    const run = runCommand(['/bin/sh', '-c', script], { timeoutMs: 500 });
    const error = await within(run, 10_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).reason).toBe('timeout');
    await expect.poll(() => processesMatching(mark).length).toBe(0);
  }, 20_000);

  it('refuses stdout beyond maxOutputBytes without holding it all, and kills the writer', async () => {
    const mark = `yes ${randomInt(1e9)}`;
    markers.push(mark);
    const run = runCommand(['/bin/sh', '-c', mark], { maxOutputBytes: 2 ** 20 });
    const error = await within(run, 10_000).catch((caught: unknown) => caught);
    expect((error as CommandError).reason).toBe('output');
    await expect.poll(() => processesMatching(mark).length).toBe(0);
  }, 20_000);

  it('runs the command under the rlimits it is given', async () => {
    const { stdout } = await runCommand(['/bin/cat', '/proc/self/limits'], { limits: LIMITS });
    expect(stdout).toMatch(/Max cpu time\s+5\s+5\s+seconds/);
    expect(stdout).toMatch(/Max address space\s+268435456\s+268435456\s+bytes/);
    expect(stdout).toMatch(/Max file size\s+4096\s+4096\s+bytes/);
    expect(stdout).toMatch(/Max processes\s+4096\s+4096\s+processes/);
    expect(stdout).toMatch(/Max core file size\s+0\s+0\s+bytes/);
    // and they bite: a file larger than fileBytes is cut off (SIGXFSZ)
    const dir = mkdtempSync(join(tmpdir(), 'passk-run-command-'));
    try {
      const write = runCommand(['/bin/sh', '-c', `head -c 100000 /dev/zero > ${dir}/big`], {
        limits: LIMITS,
      });
      await expect(write).rejects.toMatchObject({ reason: 'status' });
      expect(statSync(join(dir, 'big')).size).toBe(LIMITS.fileBytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still resolves with the output of a command that exits 0, and rejects a failing one with its stderr', async () => {
    await expect(runCommand(['/bin/echo', 'hello'])).resolves.toEqual({
      stdout: 'hello\n',
      stderr: '',
    });
    const failing = runCommand(['/bin/sh', '-c', 'echo broken >&2; exit 3']);
    await expect(failing).rejects.toMatchObject({ reason: 'status', stderr: 'broken\n' });
  });
  it("kills a command's group when passk's own process exits while the command still runs", async () => {
    const mark = markedSleep();
    const dir = mkdtempSync(join(tmpdir(), 'passk-run-command-'));
    const pidFile = join(dir, 'pid');
    const module = join(import.meta.dirname, 'run-command.ts');
    const command = `echo $$ > ${pidFile}.new; mv ${pidFile}.new ${pidFile}; exec ${mark}`;
    // A separate process runs the command and exits before it ends, as passk would on Ctrl-C.
    // It exits once the command has written its pid, however long the start took.
    const script = `import { existsSync } from 'node:fs';
import { runCommand } from ${JSON.stringify(module)};
runCommand(['/bin/sh', '-c', ${JSON.stringify(command)}]).catch(() => {});
setInterval(() => existsSync(${JSON.stringify(pidFile)}) && process.exit(0), 50);`;
    const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
    try {
      execFileSync(tsx, ['--input-type=module', '-e', script], { stdio: 'ignore' });
      const pid = Number(readFileSync(pidFile, 'utf8')); // the command did start
      await expect.poll(() => alive(pid)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
