import type { Readable } from 'node:stream';

/**
 * Collects a stream up to a cap without holding more than `keepBytes` of it. `onOverflow` fires
 * once when the total passes `capBytes` (the caller kills the program).
 */
export class CappedCapture {
  private kept: Buffer[] = [];
  private keptBytes = 0;
  total = 0;
  private overflowed = false;

  constructor(
    stream: Readable | null,
    private readonly capBytes: number,
    private readonly keepBytes: number,
    private readonly onOverflow: () => void,
  ) {
    stream?.on('data', (chunk: Buffer) => this.add(chunk));
    stream?.on('error', () => {});
  }

  private add(chunk: Buffer): void {
    this.total += chunk.length;
    this.kept.push(chunk);
    this.keptBytes += chunk.length;
    // Keep the tail: for stderr that is the traceback, for the result channel it is all there is.
    while (this.keptBytes > this.keepBytes && this.kept.length > 1) {
      this.keptBytes -= this.kept.shift()!.length;
    }
    if (!this.overflowed && this.total > this.capBytes) {
      this.overflowed = true;
      this.onOverflow();
    }
  }

  text(): string {
    const joined = Buffer.concat(this.kept);
    return joined.subarray(Math.max(0, joined.length - this.keepBytes)).toString('utf8');
  }
}
