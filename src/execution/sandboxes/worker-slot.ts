import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { SandboxError } from '../../core/errors.js';
import {
  TESTS_CHANNEL_FD,
  type WorkerAnswer,
  type WorkerHello,
  type WorkerRequest,
} from '../worker/protocol.js';
import { killAllOfUid, killGroup } from './common.js';
import type { ProgramRequest, RawOutcome, Slot } from './types.js';

/** How to start one warm worker: argv plus spawn options; `uid` is the programs' uid, if any. */
export interface WorkerLaunch {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** Set when programs run as a dedicated uid outside a pid namespace: leftovers are killed by uid. */
  reapUid?: number;
  /** Called once the worker has exited (e.g. to remove its memory cgroup). */
  onExit?: () => void;
}

/** Time a worker gets to start and import its modules. */
const START_TIMEOUT_MS = 30_000;
/** Beyond the program's own limit, how long a silent worker is trusted before it is replaced. */
const WATCHDOG_GRACE_MS = 10_000;
const STDERR_KEEP = 2048;

interface Pending {
  resolve: (line: string) => void;
  reject: (error: Error) => void;
}

/**
 * A slot backed by one long-lived worker speaking JSON lines over stdin/stdout (one request in
 * flight). A worker that dies, hangs or garbles its answer is killed with its whole group and the
 * request rejects with SandboxError; the next request starts a fresh worker.
 */
export class WorkerSlot implements Slot {
  readonly judgesOutside = true;
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private pending: Pending | undefined;
  /** The unfinished line's pieces: a report line runs to many MiB, so only new text is searched. */
  private partial: string[] = [];
  private stderrTail = '';
  private nextId = 1;
  /** Workers started after the first one (each follows a death or a hang). */
  restarts = 0;
  private started = 0;
  /** Closed: a start still under way (a warm-up) kills its worker instead of keeping it. */
  private closed = false;

  constructor(
    private readonly launch: () => Promise<WorkerLaunch>,
    private readonly label: string,
    private readonly watchdogGraceMs = WATCHDOG_GRACE_MS,
  ) {}

  async run(request: ProgramRequest): Promise<RawOutcome> {
    await this.ensureStarted();
    const id = this.nextId++;
    // A compile step runs before the program, under its own time limit.
    const compileMs =
      (request.plan?.compile?.limits.timeoutMs ?? 0) + (request.plan?.batch?.limits.timeoutMs ?? 0);
    const timeoutMs =
      request.limits.timeoutMs * (request.limits.wallFactor ?? 1) +
      compileMs +
      this.watchdogGraceMs;
    const { tests, ...sent } = request;
    const head: WorkerRequest =
      tests === undefined ? { id, ...sent } : { id, ...sent, testsBytes: Buffer.byteLength(tests) };
    // Outside judging: the tests go up front on the worker's tests channel (TESTS_CHANNEL_FD),
    // which the worker never reads and every program's process closes; only the judge child
    // reads them.
    if (tests !== undefined) (this.child!.stdio[TESTS_CHANNEL_FD] as Writable).write(tests);
    const line = await this.exchange(JSON.stringify(head), timeoutMs);
    const answer = JSON.parse(line) as WorkerAnswer;
    if (answer.id !== id) throw this.fail(`answered request ${answer.id}, expected ${id}`);
    // The worker's own failure, from its own channel (never from what the program printed or
    // exited with): not a verdict. The worker is replaced before the retry.
    if (answer.infra !== undefined) throw this.fail(`failed: ${answer.infra}`);
    // A slot the program filled or poisoned: a fresh worker (and tmpfs) for the next program.
    if (answer.rebuild) this.retire();
    return answer;
  }

  /** Replaces the worker before the next request; the sandbox and its tmpfs go with it. */
  private retire(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (child) killGroup(child.pid);
  }

  warm(): void {
    // a failed start is the first run's to retry (and report)
    this.ensureStarted().catch(() => {});
  }

  private ensureStarted(): Promise<void> {
    if (this.child && this.ready) return this.ready;
    if (this.started++ > 0) this.restarts++;
    this.ready = this.start();
    return this.ready;
  }

  private async start(): Promise<void> {
    const launch = await this.launch();
    if (this.closed) {
      launch.onExit?.();
      throw new SandboxError(`${this.label} is closed`);
    }
    const [command, ...args] = launch.argv;
    const child = spawn(command!, args, {
      cwd: launch.cwd,
      env: launch.env,
      // TESTS_CHANNEL_FD: the tests channel (outside judging), written by passk, read only by
      // judge children.
      stdio: Array.from({ length: TESTS_CHANNEL_FD + 1 }, () => 'pipe' as const),
      detached: true, // its own process group: one kill takes the sandbox and everything in it
    });
    this.child = child;
    this.partial = [];
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.onData(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEEP);
    });
    child.stdin!.on('error', () => {});
    child.stdio[TESTS_CHANNEL_FD]!.on('error', () => {});
    const onGone = (why: string) => {
      // Programs of a worker outside a pid namespace can outlive it: kill them by their uid.
      if (launch.reapUid !== undefined) void killAllOfUid(launch.reapUid);
      launch.onExit?.();
      if (this.child !== child) return;
      this.child = undefined;
      this.ready = undefined;
      this.pending?.reject(this.fail(why, false));
      this.pending = undefined;
    };
    child.on('error', (error) => onGone(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => onGone(`exited (${signal ?? `status ${code}`})`));
    const hello = JSON.parse(
      await this.exchange(undefined, START_TIMEOUT_MS),
    ) as Partial<WorkerHello>;
    if (hello.ready !== true) throw this.fail('did not say it was ready');
  }

  private onData(chunk: string): void {
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline >= 0) {
      this.partial.push(chunk.slice(start, newline));
      const line = this.partial.join('');
      this.partial = [];
      const pending = this.pending;
      this.pending = undefined;
      if (pending) pending.resolve(line);
      else this.fail('spoke out of turn');
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) this.partial.push(chunk.slice(start));
  }

  /**
   * Sends one line (if any) and waits for one line back, or kills the worker at the deadline.
   */
  private exchange(line: string | undefined, timeoutMs: number): Promise<string> {
    const child = this.child;
    if (!child) return Promise.reject(this.fail('is not running', false));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(this.fail(`did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.pending = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      if (line !== undefined) child.stdin!.write(`${line}\n`);
    });
  }

  /** Kills the worker (when `kill`) and builds the error that makes the pool retry elsewhere. */
  private fail(why: string, kill = true): SandboxError {
    const stderr = this.stderrTail.trim().slice(-500);
    const error = new SandboxError(
      `${this.label} worker ${why}`,
      stderr ? { hint: `worker stderr: ${stderr}` } : {},
    );
    if (kill && this.child) {
      const child = this.child;
      killGroup(child.pid);
      this.child = undefined;
      this.ready = undefined;
      this.pending?.reject(error);
      this.pending = undefined;
    }
    return error;
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    // A warm-up still waiting for the worker's hello: it ends now, not at its start timeout.
    this.pending?.reject(this.fail('is closed', false));
    this.pending = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    const timer = setTimeout(() => killGroup(child.pid), 2000);
    await exited;
    clearTimeout(timer);
    killGroup(child.pid);
  }
}
