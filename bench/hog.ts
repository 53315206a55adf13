/**
 * One busy CPU hog beside a bench's timed runs (issue 30: "a CPU hog of one core running beside
 * it"): a plain Python busy loop, not pinned, so the scheduler places it as it would any other
 * user's job, and it takes about one core's worth of CPU whichever core it lands on. Killed by
 * stop(), and also when the bench exits, fails or is interrupted (SIGINT, SIGTERM, SIGHUP).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface Hog {
  pid: number;
  /** The hog's CPU time so far, in ms (0 once it has gone). */
  cpuMs(): number;
  stop(): void;
}

function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export function startHog(): Hog {
  const child: ChildProcess = spawn('/usr/bin/python3', ['-c', 'while True: pass'], {
    stdio: 'ignore',
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    kill();
    // The conventional status of a process ended by that signal.
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  };
  process.once('exit', kill);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  if (child.pid === undefined) throw new Error('the CPU hog (/usr/bin/python3) did not start');
  const pid = child.pid;
  return {
    pid,
    cpuMs: () => cpuMsOf(pid),
    stop() {
      kill();
      process.off('exit', kill);
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
}
