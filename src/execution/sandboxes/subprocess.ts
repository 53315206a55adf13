import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { SandboxError } from '../../core/errors.js';
import type { FreshProcessRunner, Toolchain } from '../languages/kit/types.js';
import { NONCE_FD, PROTOCOL, RESULT_FD, SEMANTICS_VARIABLE } from '../worker/protocol.js';
import { CappedCapture } from './capture.js';
import { allocateUids, cleanEnv, commandDir, killAllOfUid, killGroup } from './common.js';
import type { ProgramRequest, RawOutcome, Sandbox, Slot } from './types.js';

// What the fork server keeps of a program's stderr and result channel (worker/protocol.json).
const STDERR_KEEP = PROTOCOL.limits.stderrTailBytes;
const REPORT_KEEP = PROTOCOL.limits.reportKeepBytes;
/** The runner's fds: stdout and stderr captured, the result channel, the nonce pipe; no stdin. */
const RUNNER_STDIO = Array.from({ length: NONCE_FD + 1 }, (_, fd) =>
  fd === 1 || fd === 2 || fd === RESULT_FD || fd === NONCE_FD
    ? ('pipe' as const)
    : ('ignore' as const),
);
/** After the program exits, how long to wait for its pipes to flush before closing them. */
const PIPE_GRACE_MS = 200;

/**
 * The first executor: a fresh interpreter per program, in a private temp dir, with a clean
 * environment, stdin on /dev/null, rlimits set by the runner, its own process group, and (as
 * root) its own uid. No namespaces: it can see the host's files and network ('process' isolation).
 */
export function createSubprocessSandbox(toolchain: Toolchain, workers: number): Sandbox {
  const runner = toolchain.once;
  if (!runner) {
    // Only Python's toolchain has a fresh-process runner (runner.py); the others need a worker.
    throw new SandboxError(`the subprocess sandbox runs Python only, not ${toolchain.language}`, {
      hint: 'use --sandbox bwrap (default) or --sandbox process',
    });
  }
  const uids = allocateUids(workers);
  const commands = mkdtempSync(join(tmpdir(), 'passk-commands-'));
  chmodSync(commands, 0o711); // programs (another uid) pass through to bin/
  const bin = commandDir(toolchain, commands);
  return {
    name: 'subprocess',
    isolation: 'process',
    createSlot: (index) => new SubprocessSlot(runner, uids?.[index], bin),
    close: async () => rmSync(commands, { recursive: true, force: true }),
  };
}

class SubprocessSlot implements Slot {
  constructor(
    private readonly runner: FreshProcessRunner,
    private readonly uid: number | undefined,
    private readonly bin: string | undefined,
  ) {}

  async run(request: ProgramRequest): Promise<RawOutcome> {
    // A toolchain with a fresh-process runner plans source, never processes (languages/kit/types.ts).
    if (request.source === undefined)
      throw new SandboxError('the subprocess sandbox got no source');
    const dir = await mkdtemp(join(tmpdir(), 'passk-run-'));
    try {
      const file = join(dir, this.runner.programFile);
      await writeFile(file, request.source);
      if (this.uid !== undefined) {
        await chown(dir, this.uid, this.uid);
        await chown(file, this.uid, this.uid);
      }
      return await this.spawnOnce(request, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private spawnOnce(request: ProgramRequest, cwd: string): Promise<RawOutcome> {
    const [command, ...args] = this.runner.argv(request.limits);
    const started = performance.now();
    const child = spawn(command!, args, {
      cwd,
      env: {
        ...cleanEnv(cwd, this.bin),
        // Program.semantics: runner.py reads and removes it before the program runs.
        ...(request.semantics === undefined ? {} : { [SEMANTICS_VARIABLE]: request.semantics }),
      },
      // NONCE_FD: the nonce (languages/kit/nonce-channel.ts), which the runner reads before the program.
      stdio: RUNNER_STDIO,
      detached: true, // own process group, so the kill reaches everything it started
      ...(this.uid === undefined ? {} : { uid: this.uid, gid: this.uid }),
    });
    const nonceChannel = (child.stdio as unknown[])[NONCE_FD] as Writable | null | undefined;
    nonceChannel?.on('error', () => {}); // a program that exits first: nothing to deliver
    nonceChannel?.end(request.nonce);
    let timedOut = false;
    let outputExceeded = false;
    const overflow = () => {
      outputExceeded = true;
      killGroup(child.pid);
    };
    const cap = request.limits.outputBytes;
    const stdout = new CappedCapture(child.stdout, cap, 0, overflow);
    const stderr = new CappedCapture(child.stderr, cap, STDERR_KEEP, overflow);
    // The result channel also carries outputs judged outside the program (execution/judge.ts).
    const report = new CappedCapture(child.stdio[RESULT_FD] as never, cap, REPORT_KEEP, () => {});
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, request.limits.timeoutMs);
    void stdout; // only counted against the cap: a program's stdout is never needed for a verdict
    return new Promise((resolve, reject) => {
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('exit', (exitCode, signal) => {
        clearTimeout(timer);
        const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
        void this.reapAndWait(child.pid, child.stdio).then(() =>
          resolve({
            exitCode,
            signal,
            timedOut,
            outputExceeded: outputExceeded && !timedOut,
            report: report.text(),
            stderrTail: stderr.text(),
            durationMs,
          }),
        );
      });
    });
  }

  /** Kills what the program left behind, then lets the pipes drain briefly and closes them. */
  private async reapAndWait(pid: number | undefined, stdio: readonly unknown[]): Promise<void> {
    killGroup(pid);
    if (this.uid !== undefined) await killAllOfUid(this.uid);
    const streams = stdio.filter(
      (s): s is NodeJS.ReadableStream & { destroy(): void; closed: boolean } =>
        Boolean(s && typeof (s as { destroy?: unknown }).destroy === 'function'),
    );
    await Promise.race([
      Promise.all(streams.map((s) => (s.closed ? null : new Promise((r) => s.once('close', r))))),
      new Promise((r) => setTimeout(r, PIPE_GRACE_MS)),
    ]);
    for (const stream of streams) stream.destroy();
  }

  async close(): Promise<void> {}
}
