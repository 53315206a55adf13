import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Output of a short helper command that exited 0. */
export interface CommandOutput {
  stdout: string;
  stderr: string;
}

/**
 * Resource limits for a command run on the host (setrlimit, applied by util-linux's prlimit
 * before the command starts, inherited by everything it starts). `processes` is RLIMIT_NPROC,
 * which the kernel counts per uid and does not enforce for root: there the process-group kill
 * on timeout is what bounds a build's processes.
 */
export interface HostLimits {
  cpuSeconds: number;
  /** Address space (RLIMIT_AS) of each process. */
  memoryBytes: number;
  /** Largest file any of its processes may write (RLIMIT_FSIZE). */
  fileBytes: number;
  processes: number;
}

export interface RunCommandOptions {
  env?: Record<string, string>;
  /** Wall clock for the whole command; then its process group gets SIGTERM, then SIGKILL. */
  timeoutMs?: number;
  /** rlimits for the command and all it starts; none when absent (trusted probes). */
  limits?: HostLimits;
  /** stdout beyond this many bytes fails the command (it is killed); stderr keeps its tail. */
  maxOutputBytes?: number;
}

/** Why a command did not end with status 0, with the tail of what it wrote to stderr. */
export class CommandError extends Error {
  readonly stderr: string;
  readonly reason: 'status' | 'timeout' | 'output' | 'start';

  constructor(message: string, reason: CommandError['reason'], stderr: string) {
    super(stderr.trim() ? `${message}: ${stderr.trim().split('\n').at(-1)}` : message);
    this.name = 'CommandError';
    this.reason = reason;
    this.stderr = stderr;
  }
}

const PRLIMIT = '/usr/bin/prlimit';
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_OUTPUT = 64 * 2 ** 20;
/** Kept of stderr: callers show its last lines. */
const STDERR_TAIL = 64 * 1024;
/** Between SIGTERM and SIGKILL of a group that passed its time. */
const KILL_GRACE_MS = 1000;
/**
 * After the command exits, how long its output may still take to arrive. Its group is killed at
 * exit, so only a process that left the group (setsid) can hold the pipes longer: it is not
 * waited for.
 */
const DRAIN_MS = 1000;

/** `argv` behind prlimit's setrlimit calls (no core files either). */
export function withLimits(argv: readonly string[], limits: HostLimits): string[] {
  if (!existsSync(PRLIMIT)) {
    throw new CommandError(
      `${PRLIMIT} is missing (util-linux): no host build without limits`,
      'start',
      '',
    );
  }
  return [
    PRLIMIT,
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}`,
    `--nproc=${limits.processes}`,
    '--core=0',
    '--',
    ...argv,
  ];
}

/** Process groups of commands still running: killed when passk's own process exits. */
const running = new Set<number>();
let exitHookInstalled = false;

/** Registers `pid`'s group to be killed with passk (a build must not outlive the run). */
function track(pid: number | undefined): void {
  if (pid === undefined) return;
  running.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of running) signalGroup(group, 'SIGKILL');
  });
}

/** Signals a whole process group; a group already gone is fine. */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member is gone.
  }
}

/**
 * Runs a short helper command (a version probe, a sandbox probe, a toolchain-support build) and
 * resolves with its output; rejects with a CommandError carrying `stderr` when it fails, cannot
 * start, writes more than `maxOutputBytes` to stdout, or passes `timeoutMs` (default 20 s).
 * The command leads a process group of its own: on timeout the whole group gets SIGTERM and,
 * 1 s later, SIGKILL; when the command exits, whatever it left in its group is killed. The
 * promise settles on the command's exit, never waiting on a leftover that holds its pipes.
 */
export function runCommand(
  argv: readonly string[],
  options: RunCommandOptions = {},
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    let full: string[];
    try {
      full = options.limits ? withLimits(argv, options.limits) : [...argv];
    } catch (error) {
      reject(error);
      return;
    }
    const [command, ...args] = full;
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      detached: true, // setsid: its own process group, killed as one
    });
    track(child.pid);
    const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: CommandError | undefined;
    const fail = (error: CommandError): void => {
      failure ??= error;
      signalGroup(child.pid, 'SIGKILL');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes <= maxOutput) stdout.push(chunk);
      else
        fail(new CommandError(`${argv[0]} wrote more than ${maxOutput} bytes`, 'output', stderr));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      failure ??= new CommandError(`${argv[0]} took longer than ${timeoutMs} ms`, 'timeout', '');
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new CommandError(`${argv[0]} could not start (${error.message})`, 'start', stderr));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      signalGroup(child.pid, 'SIGKILL'); // leftovers of a finished command are orphans
      if (child.pid !== undefined) running.delete(child.pid);
      void drained(child.stdout, child.stderr).then(() => {
        if (failure) reject(withStderr(failure, stderr));
        else if (code === 0) resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr });
        else {
          const how = signal ?? `status ${code}`;
          reject(new CommandError(`${argv[0]} ended with ${how}`, 'status', stderr));
        }
      });
    });
  });
}

/** The error with the stderr read up to now (a timeout is decided before the last of it). */
function withStderr(error: CommandError, stderr: string): CommandError {
  return error.stderr ? error : new CommandError(error.message, error.reason, stderr);
}

/** Resolves when both streams have ended, or after DRAIN_MS (they are then cut off). */
function drained(...streams: Readable[]): Promise<void> {
  const ends = streams.map(
    (stream) =>
      new Promise<void>((done) => {
        if (stream.readableEnded || stream.destroyed) done();
        else stream.once('end', done).once('close', done);
      }),
  );
  return new Promise((resolve) => {
    const cutoff = setTimeout(() => {
      for (const stream of streams) stream.destroy();
      resolve();
    }, DRAIN_MS);
    void Promise.all(ends).then(() => {
      clearTimeout(cutoff);
      resolve();
    });
  });
}
