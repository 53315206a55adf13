import type { GenerationProgress, SampleRecord } from './types.js';

/** Counts this session's samples and tokens; derives rate and ETA for the progress callback. */
export class ProgressTracker {
  private readonly startedAt = performance.now();
  done = 0;
  failed = 0;
  tokensOut = 0;
  requests = 0;

  constructor(
    public total: number,
    readonly alreadyDone: number,
    private readonly listener?: (progress: GenerationProgress) => void,
  ) {}

  /** More samples to do than planned (a feedback task's next turn). */
  addWork(samples: number): void {
    this.total += samples;
  }

  /** Records one request's samples and tells the listener. */
  requestDone(records: readonly SampleRecord[]): void {
    this.requests++;
    for (const record of records) {
      this.done++;
      if (record.error) this.failed++;
      this.tokensOut += record.tokensOut ?? 0;
    }
    this.listener?.(this.snapshot());
  }

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  snapshot(): GenerationProgress {
    const elapsedMs = this.elapsedMs;
    const perSampleMs = this.done > 0 ? elapsedMs / this.done : undefined;
    return {
      done: this.done,
      total: this.total,
      alreadyDone: this.alreadyDone,
      failed: this.failed,
      tokensOut: this.tokensOut,
      tokensPerSecond: elapsedMs > 0 ? (this.tokensOut * 1000) / elapsedMs : 0,
      etaMs: perSampleMs === undefined ? undefined : perSampleMs * (this.total - this.done),
      elapsedMs,
    };
  }
}
