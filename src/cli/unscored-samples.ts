import type { UnscoredSamples } from '../index.js';

/** The commands that complete an incomplete run, as the user would type them. */
export interface CompletingCommands {
  /** Fills the samples whose requests failed (a `passk run --resume`). */
  requests: string;
  /** What to do once `requests` has filled them (scoring a run's generations elsewhere). */
  afterRequests?: string;
  /** Judges again the samples the sandbox could not judge. */
  judging: string;
}

/**
 * Samples left out of n for an infrastructure failure (requests or sandbox that failed after
 * their retries) make the run incomplete: one line each says how many and which command
 * completes them, and the command ends with exit 1 (docs/commands.md), as a stopped generation
 * does. Scripts and CI must not take such a run for a success. A set exit code (130) is kept.
 */
export function reportUnscored(unscored: UnscoredSamples, commands: CompletingCommands): void {
  const { requestFailed, unjudged } = unscored;
  if (requestFailed > 0) {
    say(
      `${count(requestFailed)} missing (requests that failed after every retry); ${commands.requests} ${them(requestFailed)}${commands.afterRequests ?? ''}`,
    );
  }
  if (unjudged > 0) {
    say(
      `${count(unjudged)} not judged (the sandbox failed after a retry); ${commands.judging} ${them(unjudged)}`,
    );
  }
  if (requestFailed + unjudged === 0) return;
  if (typeof process.exitCode !== 'number' || process.exitCode === 0) process.exitCode = 1;
}

function say(line: string): void {
  process.stderr.write(`passk: ${line}\n`);
}

function count(n: number): string {
  return n === 1 ? '1 sample is' : `${n} samples are`;
}

function them(n: number): string {
  return n === 1 ? 'completes it' : 'completes them';
}
