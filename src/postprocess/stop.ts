/**
 * Stop sequences are searched in the generated text only, never in the prompt: a prompt that
 * itself contains '\ndef' (every HumanEval prompt does) must not cut the completion.
 */

/** Index of the earliest occurrence of any stop sequence in `generated`, or -1. */
export function earliestStop(generated: string, stops: readonly string[]): number {
  let earliest = -1;
  for (const stop of stops) {
    if (stop === '') continue;
    const at = generated.indexOf(stop);
    if (at !== -1 && (earliest === -1 || at < earliest)) earliest = at;
  }
  return earliest;
}

/** The generated text up to (not including) its earliest stop sequence. */
export function cutAtStop(generated: string, stops: readonly string[]): string {
  const at = earliestStop(generated, stops);
  return at === -1 ? generated : generated.slice(0, at);
}

/**
 * Incremental stop detection for streaming: feed chunks as they arrive; `push` returns the cut
 * text once a stop sequence has appeared (so the request can be aborted), else undefined.
 * Only the tail that could still start a stop sequence is re-scanned, so the cost per chunk is
 * proportional to the chunk, not to the text so far.
 */
export class StreamingStopDetector {
  private text = '';
  private scannedUpTo = 0;
  private readonly longest: number;

  constructor(private readonly stops: readonly string[]) {
    this.longest = Math.max(0, ...stops.map((s) => s.length));
  }

  push(chunk: string): string | undefined {
    this.text += chunk;
    const from = Math.max(0, this.scannedUpTo - this.longest + 1);
    const at = earliestStop(this.text.slice(from), this.stops);
    this.scannedUpTo = this.text.length;
    return at === -1 ? undefined : this.text.slice(0, from + at);
  }

  /** All text received so far. */
  get received(): string {
    return this.text;
  }
}
