/**
 * One of several processes racing for one run directory's lock (src/store/run-lock.test.ts).
 * Usage: node --import tsx lock-race-child.ts DIR. On each `go` line on stdin it tries to lock
 * DIR and answers `locked` or `refused <message>`; on `release` it lets go of a lock it holds
 * and answers `released`.
 */
import { createInterface } from 'node:readline';
import { lockRunDir } from '../../src/store/run-lock.js';

const dir = process.argv[2]!;
let release: (() => void) | undefined;
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go') {
    try {
      release = lockRunDir(dir);
      process.stdout.write('locked\n');
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).message}\n`);
    }
  } else if (line === 'release') {
    release?.();
    release = undefined;
    process.stdout.write('released\n');
  }
}
